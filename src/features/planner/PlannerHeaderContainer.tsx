import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { UserMenuContainer } from '../auth/UserMenuContainer';
import { selectTheme, themeToggled } from '../theme/themeSlice';
import { PlannerHeader } from './PlannerHeader';
import { nextWeekShown, previousWeekShown, selectWeekTitle, todayShown } from './plannerSlice';

export function PlannerHeaderContainer() {
  const dispatch = useAppDispatch();
  const title = useAppSelector(selectWeekTitle);
  const theme = useAppSelector(selectTheme);
  return (
    <PlannerHeader
      title={title}
      theme={theme}
      onPreviousWeek={useCallback(() => dispatch(previousWeekShown()), [dispatch])}
      onNextWeek={useCallback(() => dispatch(nextWeekShown()), [dispatch])}
      onToday={useCallback(() => dispatch(todayShown()), [dispatch])}
      onToggleTheme={useCallback(() => dispatch(themeToggled()), [dispatch])}
      userMenu={<UserMenuContainer />}
    />
  );
}
