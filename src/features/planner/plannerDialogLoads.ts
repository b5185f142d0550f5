import { loadTaskDetailsDialog } from '../tasks/detailsRequest';
import { loadMoveTaskDialog } from '../tasks/moveRequest';

// The planner's dialogs' containers are chunks of their own (PlannerDialogs.tsx), like the dialogs they show.
export const loadMoveContainer = () => import('./MoveTaskDialogContainer');
export const loadDetailsContainer = () => import('./TaskDetailsContainer');
export const loadScopeContainer = () => import('./ScopeDialogContainer');
/** Fetches the dialogs' code, so they open at once (offline too). */
export function preloadPlannerDialogs(): void {
  for (const load of [loadMoveContainer, loadMoveTaskDialog, loadDetailsContainer, loadTaskDetailsDialog, loadScopeContainer]) load().catch(() => {});
}

