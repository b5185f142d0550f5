import { addSubscriptionListeners } from '../features/subscription/subscriptionListeners';
import { addSyncListeners } from '../features/sync/syncListeners';
import type { AddAccountListeners } from './accountGateway';

// Loaded by the account gateway (see accountGateway.ts) on the first request for the client.
export const addAccountListeners: AddAccountListeners = (startAppListening, early) => {
  addSubscriptionListeners(startAppListening);
  addSyncListeners(startAppListening, early);
};
