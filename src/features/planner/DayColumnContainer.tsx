import { memo, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { useColumnDrop } from '../dnd/dropZones';
import { DayColumn, type DayColumnProps } from '../tasks/DayColumn';
import { TaskCardContainer } from '../tasks/TaskCardContainer';
import { taskIn } from '../tasks/taskList';
import { SOMEDAY, type TaskEntity, type TaskDate } from '../tasks/types';
import { taskSubscriptions } from '../tasks/useLiveTask';
import { groupTasks, type TaskGroup } from './cardGroups';
import { scheduleUpgrade } from './cardUpgrade';
import { plainCardsHtml } from './plainCards';
import { quickAdded } from '../series/quickAddPlain';
import { loadedSeries } from '../series/seriesHost';
import { dayOf, type ShownOccurrence } from '../series/weekOccurrences';
import { makeSelectColumn, selectWeekOccurrences } from './columnView';
import { columnToggled, selectOccurrenceDrag } from './plannerSlice';
import { dayElementId } from './reveal';
import { dateLabel, dayLabel, isTodayKey } from './week';

// A day may hold hundreds of tasks. A column renders all its cards in one render and one commit, every card in
// the DOM from the start. When a column goes from no cards to more than a screenful (a load with stored tasks, a week
// opened, an import), its first group (25 cards, a screenful) is full cards and the groups after it start as plain
// markup (plainCards.ts), made full when the viewport or the pointer nears them, or in idle time (cardUpgrade.ts).
// A screenful of full cards first and the rest in a second render after the first paint cost a load a frame laid
// out with the screenful, a second render and commit, and the first group grown to 50 full cards before the last card
// was in place (trace in docs/performance.md). Groups a column mounts later (an add, a move) are full.
const CARD_PITCH_PX = 50;

/** More cards than a screenful shows. */
const manyCards = (count: number) => count > Math.max(10, Math.ceil(window.innerHeight / CARD_PITCH_PX));

interface CardGroupProps {
  tasks: TaskEntity[];
  draggedId: string | null;
  /** Mounted by a column's first render with more than a screenful of cards: start plain (read at mount only). */
  plain: boolean;
}

/**
 * One group of cards (see cardGroups.ts): skips style, layout and paint while off screen, and re-renders
 * only when its cards or the dragged one among them change. Mounted by a column's first render with more than
 * a screenful of cards, it shows plain cards until it is needed (cardUpgrade.ts).
 */
const CardGroup = memo(function CardGroup({ tasks, draggedId, plain }: CardGroupProps) {
  const [full, setFull] = useState(() => !plain);
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!full) return scheduleUpgrade(element.current!, () => setFull(true));
  }, [full]);
  // A drag that reaches a plain group (keyboard or autoscroll) needs the full card it carries.
  const showFull = full || draggedId !== null;
  // The column's arrays may hold older objects after a completion or rename (full cards follow their
  // task themselves, see useLiveTask): while plain, the group follows its tasks and shows the store's.
  const store = useAppStore();
  const [, changed] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (showFull) return;
    const subscriptions = taskSubscriptions(store);
    const stops = tasks.map((task) => subscriptions.subscribe(task.id, task.date, changed));
    return () => stops.forEach((stop) => stop());
  }, [showFull, tasks, store]);
  const className = 'space-y-2 [content-visibility:auto]';
  const style = { containIntrinsicSize: `auto ${tasks.length * CARD_PITCH_PX}px` };
  if (!showFull) {
    const state = store.getState().tasks;
    const html = plainCardsHtml(tasks.map((task) => taskIn(state, task.id, task.date) ?? task));
    return <div ref={element} role="presentation" className={className} style={style} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <div ref={element} role="presentation" className={className} style={style}>
      {tasks.map((task) => (
        <TaskCardContainer key={task.id} task={task} isDragging={task.id === draggedId} />
      ))}
    </div>
  );
}, sameGroup);

/** `plain` counts at mount only: the column's next render must not render every group again. */
function sameGroup(before: CardGroupProps, after: CardGroupProps): boolean {
  return before.tasks === after.tasks && before.draggedId === after.draggedId;
}

const draggedIn = (group: TaskGroup, draggedId: string | null) => (draggedId !== null && group.tasks.some((task) => task.id === draggedId) ? draggedId : null);

/**
 * The groups after the first, in one more element that skips them while it is off screen. A press's hit test
 * visits every paint layer of the page, and each group is one (content-visibility): 104 with 5,000 tasks, ~0.2-0.3
 * ms of each press and release. Under a skipped tail, a column's groups are not visited: with the week scrolled
 * to its top, 16 layers (a first group and a tail a column). Scrolled into the tails, the page has the layers it had.
 */
function CardTail({ groups, draggedId, plain }: { groups: TaskGroup[]; draggedId: string | null; plain: boolean }) {
  const count = groups.reduce((sum, group) => sum + group.tasks.length, 0);
  return (
    <div role="presentation" className="space-y-2 [content-visibility:auto]" style={{ containIntrinsicSize: `auto ${count * CARD_PITCH_PX}px` }}>
      {groups.map((group) => (
        <CardGroup key={group.key} tasks={group.tasks} draggedId={draggedIn(group, draggedId)} plain={plain} />
      ))}
    </div>
  );
}

/** The column's groups, and whether they start plain: its first cards, when they are more than a screenful. */
function useTaskGroups(tasks: TaskEntity[]): { groups: TaskGroup[]; plain: boolean } {
  const [last, setLast] = useState(() => ({ tasks, groups: groupTasks(tasks, []), plain: manyCards(tasks.length) }));
  if (last.tasks === tasks) return last;
  // Derived from the previous render's groups (React's pattern for state that follows a prop).
  const next = { tasks, groups: groupTasks(tasks, last.groups), plain: last.tasks.length === 0 && manyCards(tasks.length) };
  setLast(next);
  return next;
}

/** A day's occurrences of series: there are some only once the series code, with their cards, is here. */
function OccurrenceCards({ occurrences }: { occurrences: readonly ShownOccurrence[] }) {
  const { OccurrenceCardContainer } = loadedSeries()!;
  return (
    <div role="presentation" className="space-y-2">
      {occurrences.map((occurrence) => (
        <OccurrenceCardContainer key={occurrence.key} occurrence={occurrence} />
      ))}
    </div>
  );
}

/** One day (or Some Day, or a named list: `title` is its name) of the displayed week, wired to the store. */
export const DayColumnContainer = memo(function DayColumnContainer({ date, title }: { date: TaskDate; title?: string }) {
  const dispatch = useAppDispatch();
  // react-dnd's drop target hooks run here, apart from the cards: an add or a delete (or a live move while
  // dragging) renders ColumnWithCards only, not these (~0.2-0.4 ms a column render, profiled).
  const { ref, isOver } = useColumnDrop(date);
  const onToggleSelected = useCallback(() => dispatch(columnToggled({ id: date })), [dispatch, date]);
  const onAddTask = useCallback((title: string) => void dispatch(quickAdded(title, date)), [dispatch, date]);
  const someday = date === SOMEDAY || title !== undefined;

  return (
    <ColumnWithCards
      date={date}
      id={dayElementId(date)}
      title={title ?? (someday ? 'Some Day' : dayLabel(date))}
      dateLabel={someday ? undefined : dateLabel(date)}
      isToday={!someday && isTodayKey(date)}
      isOver={isOver}
      onToggleSelected={onToggleSelected}
      onAddTask={onAddTask}
      dropRef={ref}
    />
  );
});

type ColumnProps = Omit<DayColumnProps, 'taskCount' | 'children' | 'selected'> & { date: TaskDate };

/** The column with its cards and their count: what changes as its tasks do. */
const ColumnWithCards = memo(function ColumnWithCards({ date, ...column }: ColumnProps) {
  // One selector instance per column keeps each column's memo independent.
  const selectColumn = useMemo(() => makeSelectColumn(), []);
  const { tasks, draggedId, selected, dragFrom } = useAppSelector((state) => selectColumn(state, date));
  const computed = useAppSelector((state) => dayOf(selectWeekOccurrences(state), date));
  // A dragged occurrence shows on the day it is over (at its end), as a dragged task does, in any week.
  const drag = useAppSelector(selectOccurrenceDrag);
  const occurrences = useMemo(() => {
    if (!drag) return computed;
    const others = computed.filter((occurrence) => occurrence.key !== drag.occurrence.key);
    return drag.over === date ? [...others, drag.occurrence] : others.length === computed.length ? computed : others;
  }, [computed, drag, date]);
  const { groups, plain } = useTaskGroups(tasks);

  return (
    <DayColumn {...column} selected={selected} taskCount={tasks.length + occurrences.length} holdHeight={dragFrom}>
      {groups.length > 0 && <CardGroup key={groups[0]!.key} tasks={groups[0]!.tasks} draggedId={draggedIn(groups[0]!, draggedId)} plain={false} />}
      {groups.length > 1 && <CardTail groups={groups.slice(1)} draggedId={draggedId} plain={plain} />}
      {occurrences.length > 0 && <OccurrenceCards occurrences={occurrences} />}
    </DayColumn>
  );
});
