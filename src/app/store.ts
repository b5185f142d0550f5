import { combineReducers, configureStore, createListenerMiddleware, type ThunkAction, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore } from 'redux-persist';
import { authConnectRequested, authReducer } from '../features/auth/authSlice';
import { catalogHostReducer, readStoredCatalog, writeCatalog } from '../features/catalog/catalogHost';
import { addHistoryListeners } from '../features/history/historyListeners';
import { historyReducer } from '../features/history/historySlice';
import { withHistory } from '../features/history/recordSteps';
import { plannerReducer } from '../features/planner/plannerSlice';
import { addRolloverListeners } from '../features/rollover/rolloverListeners';
import { readRolloverSetting, rolloverReducer } from '../features/rollover/rolloverSlice';
import { subscriptionReducer } from '../features/subscription/subscriptionSlice';
import { syncReducer, syncUploads, withSyncWhenLoaded } from '../features/sync/syncState';
import type { UploadScheduler } from '../features/sync/uploadScheduler';
import { tasksPersistence, type TasksPersistence } from '../features/tasks/persist';
import { tasksReducer } from '../features/tasks/tasksReducer';
import { seriesHostReducer } from '../features/series/seriesHost';
import { addSeriesListeners } from '../features/series/seriesListeners';
import { addThemeListeners } from '../features/theme/themeListeners';
import { themeReducer } from '../features/theme/themeSlice';
import { hasStoredSession } from '../lib/storedSession';
import type { BackendLoader } from '../lib/supabase';
import { addAccountGateway, type AccountGateway } from './accountGateway';
import type { AppStartListening } from './listenerMiddleware';
import { broadcastLink, TabSync, type TabLink } from './tabSync';

export interface StoreOptions {
  /** Where tasks are persisted; tests pass their own Storage. */
  storage?: () => globalThis.Storage | undefined;
  preloadedState?: Partial<RootState>;
  /** Loads the Supabase client; tests pass a fake with the same surface. */
  backend?: BackendLoader;
  /** Cloud upload debouncing (bench and tests may tune it); by default the sync code's (syncState.ts). */
  uploads?: UploadScheduler;
  /** How this tab reaches the others (a BroadcastChannel by default; tests link stores themselves). */
  tabLink?: TabLink | null;
}

/** What thunks and listeners receive besides state and dispatch. */
export interface AppExtra {
  backend: BackendLoader;
  account: AccountGateway;
  storage: () => globalThis.Storage | undefined;
  uploads: UploadScheduler;
}

function browserStorage(): globalThis.Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked (sandboxed frame, privacy settings)
  }
}

function makeRootReducer(persistence: TasksPersistence) {
  const reducer = withSyncWhenLoaded(
    combineReducers({
      tasks: persistReducer(persistence.config, tasksReducer),
      planner: plannerReducer,
      auth: authReducer,
      subscription: subscriptionReducer,
      theme: themeReducer,
      sync: syncReducer,
      history: historyReducer,
      rollover: rolloverReducer,
      series: seriesHostReducer,
      catalog: catalogHostReducer,
    }),
  );
  return withHistory(reducer);
}

type RootReducer = ReturnType<typeof makeRootReducer>;
export type RootState = ReturnType<RootReducer>;
// Spelled out rather than inferred from the store, which would make the listener types circular.
export type AppDispatch = ThunkDispatch<RootState, AppExtra, UnknownAction>;
export type AppThunk<R = void> = ThunkAction<R, RootState, AppExtra, UnknownAction>;

// The client's module loads with the client, not with the app.
const loadSupabase: BackendLoader = () => import('../lib/supabase').then((module) => module.loadSupabase());

/** A fresh store with its own listener middleware, so tests never share state. */
export function makeStore({
  storage = browserStorage,
  preloadedState,
  backend = loadSupabase,
  uploads,
  tabLink = broadcastLink(),
}: StoreOptions = {}) {
  // The gateway is registered below, before anything can be dispatched.
  let gateway: AccountGateway | null = null;
  let scheduler = uploads;
  const extra: AppExtra = {
    backend,
    storage,
    // Only the sync code uploads, so the default scheduler comes with it, made on first use.
    get uploads() {
      return (scheduler ??= syncUploads());
    },
    account: { ready: () => gateway!.ready() },
  };
  // Set once the store exists; nothing is written before it does.
  let dragging = () => false;
  const tabs = new TabSync(storage);
  const persistence = tasksPersistence(storage, () => dragging(), tabs);
  const storedCatalog = readStoredCatalog(storage());
  const listenerMiddleware = createListenerMiddleware({ extra });
  const store = configureStore({
    reducer: makeRootReducer(persistence),
    // The rollover choice is this device's, read before the first listener can act on it.
    preloadedState: { rollover: readRolloverSetting(storage()), catalog: storedCatalog.state, ...preloadedState } as RootState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        serializableCheck: {
          ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER],
          // Tasks, history and sync are made by pure reducers from the actions this check already walks; walking
          // thousands of tasks again after every action proved nothing and only tripped the time warning.
          ignoredPaths: ['tasks', 'history', 'sync', 'series', 'catalog'],
          // A backup of thousands of tasks is one action to walk; its time is a figure for the bench, not a warning.
          warnAfter: 1000,
        },
        // The dev-only checks walk the whole state; with thousands of tasks that is noise, not safety.
        immutableCheck: { warnAfter: 1000 },
      }).prepend(listenerMiddleware.middleware),
    devTools: import.meta.env?.DEV ? { name: 'Weekly Planner', trace: false } : false,
  });
  dragging = () => store.getState().tasks.drag !== null;
  const startAppListening: AppStartListening = listenerMiddleware.startListening.withTypes<RootState, AppDispatch, AppExtra>();
  addThemeListeners(startAppListening);
  addHistoryListeners(startAppListening);
  addRolloverListeners(startAppListening);
  startAppListening({
    predicate: (_action, current, previous) => current.catalog !== previous.catalog,
    effect: (_action, api) => writeCatalog(storage(), api.getState().catalog),
  });
  const series = addSeriesListeners(startAppListening, storage, (action) => store.dispatch(action));
  storedCatalog.recheck(store.dispatch);
  tabs.start(store, startAppListening, tabLink);
  gateway = addAccountGateway(startAppListening, () => import('./accountListeners').then((module) => module.addAccountListeners));
  const persistor = persistStore(store);
  // flush() means now (pagehide, tests): a throttled write still waiting for idle time goes out at once.
  const flushStaged = persistor.flush;
  persistor.flush = () => {
    const written = flushStaged();
    persistence.writeNow();
    return written;
  };
  // A visitor's first load skips the Supabase client; a returning user's session needs it now.
  if (hasStoredSession(storage())) store.dispatch(authConnectRequested());
  return { store, persistor, startAppListening, seriesReady: series.ready };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
