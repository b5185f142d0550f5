import type { UnknownAction } from '@reduxjs/toolkit';
import { followSession } from '../features/auth/authListeners';
import { authConnectFailed, authConnectRequested } from '../features/auth/authSlice';
import { premiumDialogOpened } from '../features/subscription/subscriptionSlice';
import { isTaskListChange } from '../features/tasks/events';
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
  let registered = false;
  let connecting: Promise<void> | null = null;
  // Listens only while the listeners load: a visitor's every edit would otherwise pay for a listener that keeps nothing.
  let stopKeeping: (() => void) | null = null;

  const connect = (api: AppListenerApi) =>
    (connecting ??= (async () => {
      if (!registered) {
        const kept: UnknownAction[] = [];
        stopKeeping = startAppListening({ matcher: isTaskListChange, effect: (action) => void kept.push(action) });
        const addAccountListeners = await load();
        stopKeeping();
        stopKeeping = null;
        addAccountListeners(startAppListening, kept);
        registered = true;
      }
      await followSession(api);
    })().catch((error: unknown) => {
      // A later request tries again (the listeners, once registered, stay).
      connecting = null;
      stopKeeping?.();
      stopKeeping = null;
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
