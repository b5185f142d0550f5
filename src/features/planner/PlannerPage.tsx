import { useCallback, useLayoutEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PlannerDndProvider } from '../dnd/PlannerDndProvider';
import { useHistoryShortcuts } from '../history/useHistoryShortcuts';
import { AddTodayButton } from '../tasks/AddTodayButton';
import { taskAdded } from '../tasks/tasksSlice';
import { PlannerHeaderContainer } from './PlannerHeaderContainer';
import { selectWeekDayKeys } from './plannerSlice';
import { removeStartupShell } from './startupShell';
import { toDayKey } from './week';
import { WeekGrid } from './WeekGrid';

const NEW_TASK_TITLE = 'New task';

export function PlannerPage() {
  const dispatch = useAppDispatch();
  const days = useAppSelector(selectWeekDayKeys);
  useHistoryShortcuts();
  const addForToday = useCallback(() => dispatch(taskAdded(NEW_TASK_TITLE, toDayKey(new Date()))), [dispatch]);
  // index.html shows the empty week until the app's is on screen; removed before this commit paints.
  useLayoutEffect(removeStartupShell, []);

  return (
    <div className="min-h-screen">
      <PlannerHeaderContainer />
      <main className="mx-auto max-w-[1800px] px-4 pt-4 pb-28 sm:px-6 sm:pt-6 xl:px-4">
        <PlannerDndProvider>
          <WeekGrid days={days} />
        </PlannerDndProvider>
      </main>
      <AddTodayButton onClick={addForToday} />
    </div>
  );
}
