import { useCallback, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { UserMenuContainer } from '../auth/UserMenuContainer';
import { LabelFilterContainer } from '../catalog/LabelFilterContainer';
import { selectShownLists } from '../catalog/shownLists';
import { useWeekTurnDrop } from '../dnd/dropZones';
import { loadSearch } from '../search/searchOpening';
import { redoRequested, selectCanRedo, selectCanUndo, undoRequested } from '../history/historySlice';
import { selectTheme, themeToggled } from '../theme/themeSlice';
import { DayStrip } from './DayStrip';
import { PlannerHeader } from './PlannerHeader';
import { nextWeekShown, previousWeekShown, selectWeekDayKeys, selectWeekTitle, todayShown } from './plannerSlice';
import { revealDay } from './reveal';
import { dateLabel, dayLabel, isTodayKey, toDayKey } from './week';

const prefetchSearch = () => void loadSearch();

export function PlannerHeaderContainer({ onSearch }: { onSearch?: () => void }) {
  const dispatch = useAppDispatch();
  const title = useAppSelector(selectWeekTitle);
  const theme = useAppSelector(selectTheme);
  const canUndo = useAppSelector(selectCanUndo);
  const canRedo = useAppSelector(selectCanRedo);
  const days = useAppSelector(selectWeekDayKeys);
  const stripDays = useMemo(
    () => days.map((date) => ({ date, weekday: dayLabel(date), day: date.slice(8).replace(/^0/, ''), label: `${dayLabel(date)} ${dateLabel(date)}`, isToday: isTodayKey(date) })),
    [days],
  );
  const stripLists = useAppSelector(selectShownLists);
  // A named list's column comes with the lists' chunk: a press in the moment before it is drawn waits for it.
  const jump = useCallback(function reveal(date: string, frames = 60) {
    if (!revealDay(date) && frames > 0) requestAnimationFrame(() => reveal(date, frames - 1));
  }, []);
  // Today's week, then today's heading under the header once it is on the page.
  const onToday = useCallback(() => {
    dispatch(todayShown());
    const today = toDayKey(new Date());
    requestAnimationFrame(() => revealDay(today));
  }, [dispatch]);
  const onPreviousWeek = useCallback(() => dispatch(previousWeekShown()), [dispatch]);
  const onNextWeek = useCallback(() => dispatch(nextWeekShown()), [dispatch]);
  return (
    <PlannerHeader
      title={title}
      theme={theme}
      onPreviousWeek={onPreviousWeek}
      onNextWeek={onNextWeek}
      previousWeekRef={useWeekTurnDrop(onPreviousWeek)}
      nextWeekRef={useWeekTurnDrop(onNextWeek)}
      onToday={onToday}
      onToggleTheme={useCallback(() => dispatch(themeToggled()), [dispatch])}
      onUndo={useCallback(() => dispatch(undoRequested()), [dispatch])}
      onRedo={useCallback(() => dispatch(redoRequested()), [dispatch])}
      canUndo={canUndo}
      canRedo={canRedo}
      onSearch={onSearch}
      onSearchIntent={prefetchSearch}
      userMenu={<UserMenuContainer />}
      labelFilter={<LabelFilterContainer />}
      strip={<DayStrip days={stripDays} lists={stripLists} onJump={jump} />}
    />
  );
}
