import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { UserMenuContainer } from '../auth/UserMenuContainer';
import { redoRequested, selectCanRedo, selectCanUndo, undoRequested } from '../history/historySlice';
import { selectTheme, themeToggled } from '../theme/themeSlice';
import { PlannerHeader } from './PlannerHeader';
import { nextWeekShown, previousWeekShown, selectWeekTitle, todayShown } from './plannerSlice';

export function PlannerHeaderContainer() {
  const dispatch = useAppDispatch();
  const title = useAppSelector(selectWeekTitle);
  const theme = useAppSelector(selectTheme);
  const canUndo = useAppSelector(selectCanUndo);
  const canRedo = useAppSelector(selectCanRedo);
  return (
    <PlannerHeader
      title={title}
      theme={theme}
      onPreviousWeek={useCallback(() => dispatch(previousWeekShown()), [dispatch])}
      onNextWeek={useCallback(() => dispatch(nextWeekShown()), [dispatch])}
      onToday={useCallback(() => dispatch(todayShown()), [dispatch])}
      onToggleTheme={useCallback(() => dispatch(themeToggled()), [dispatch])}
      onUndo={useCallback(() => dispatch(undoRequested()), [dispatch])}
      onRedo={useCallback(() => dispatch(redoRequested()), [dispatch])}
      canUndo={canUndo}
      canRedo={canRedo}
      userMenu={<UserMenuContainer />}
    />
  );
}
