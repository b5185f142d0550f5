import type { UnknownAction } from '@reduxjs/toolkit';
import { authReducer } from '../features/auth/authSlice';
import { historyReducer } from '../features/history/historySlice';
import { subscriptionReducer } from '../features/subscription/subscriptionSlice';
import { initialSyncState } from '../features/sync/syncState';
import { tasksReducer } from '../features/tasks/tasksReducer';
import type { RootState } from './store';

const INIT: UnknownAction = { type: '@@planner/first-screen' };

/**
 * The state the build renders the planner's first screen from (src/prerender.tsx), given a visit's state: its
 * week, today and theme, and nothing of the visitor's own (no tasks, no account, no history). index.html paints
 * that screen and the app hydrates it with this state (main.tsx), so the markup matches by construction; the
 * visitor's tasks, lists and account then render as an ordinary update.
 */
export function firstScreenState(state: RootState): RootState {
  return {
    ...state,
    tasks: { ...state.tasks, ...tasksReducer(undefined, INIT) },
    auth: authReducer(undefined, INIT),
    subscription: subscriptionReducer(undefined, INIT),
    sync: initialSyncState,
    history: historyReducer(undefined, INIT),
    // The build's screen has no named lists (their columns, the strip's entries): they come with the visitor's tasks.
    catalog: state.catalog.lists.length > 0 ? { ...state.catalog, lists: [] } : state.catalog,
  };
}
