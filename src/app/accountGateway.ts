import type { UnknownAction } from '@reduxjs/toolkit';
import { followSession } from '../features/auth/authListeners';
import { authConnectFailed, authConnectRequested } from '../features/auth/authSlice';
import { premiumDialogOpened } from '../features/subscription/subscriptionSlice';
import { isTaskListChange } from '../features/tasks/tasksSlice';
import type { AppListenerApi, AppStartListening } from './listenerMiddleware';

/** Registers the account's listeners; `early` holds the task events made while they loaded. */
export type AddAccountListeners = (startAppListening: AppStartListening, early: UnknownAction[]) => void;

export interface AccountGateway {
  /** Resolves once the account's listeners are registered and the store follows the client's session. */
  ready(): Promise<void>;
}

/**
 * The account's listeners (subscription checks, cloud sync) have nothing to do until something
 * asks for the Supabase client: a stored session, the sign-in page, the Premium dialog. So they
 * load with that first request, off a visitor's first load, and are in place before the first
 * session event. Task events made while they load are kept for the sync, which replays edits made
 * before it knew whether to start on top of the cloud copy.
 */
export function addAccountGateway(startAppListening: AppStartListening, load: () => Promise<AddAccountListeners>): AccountGateway {
  let early: UnknownAction[] | null = null;
  let registered = false;
  let connecting: Promise<void> | null = null;

  const stopKeeping = startAppListening({
    matcher: isTaskListChange,
    effect: (action) => {
      early?.push(action);
    },
  });

  const connect = (api: AppListenerApi) =>
    (connecting ??= (async () => {
      if (!registered) {
        early = [];
        const addAccountListeners = await load();
        stopKeeping();
        addAccountListeners(startAppListening, early);
        registered = true;
      }
      await followSession(api);
    })().catch((error: unknown) => {
      // A later request tries again (the listeners, once registered, stay).
      connecting = null;
      if (!registered) early = null;
      console.warn('Could not load the sign-in client', error);
      api.dispatch(authConnectFailed());
      throw error;
    }));

  startAppListening({
    actionCreator: authConnectRequested,
    effect: (_action, api) => connect(api).catch(() => {}),
  });

  // The dialog's buttons act through the client: load it while the person reads the offer.
  startAppListening({
    actionCreator: premiumDialogOpened,
    effect: (_action, api) => {
      api.dispatch(authConnectRequested());
    },
  });

  return { ready: () => connecting ?? Promise.resolve() };
}
