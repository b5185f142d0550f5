import { combineReducers, configureStore, createListenerMiddleware, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore } from 'redux-persist';
import { plannerReducer } from '../features/planner/plannerSlice';
import { tasksPersistConfig } from '../features/tasks/persist';
import { tasksReducer } from '../features/tasks/tasksSlice';
import { addThemeListeners } from '../features/theme/themeListeners';
import { themeReducer } from '../features/theme/themeSlice';
import type { AppStartListening } from './listenerMiddleware';

export interface StoreOptions {
  /** Where tasks are persisted; tests pass their own Storage. */
  storage?: () => globalThis.Storage | undefined;
  preloadedState?: Partial<RootState>;
}

function makeRootReducer(storage?: StoreOptions['storage']) {
  return combineReducers({
    tasks: persistReducer(tasksPersistConfig(storage), tasksReducer),
    planner: plannerReducer,
    theme: themeReducer,
  });
}

type RootReducer = ReturnType<typeof makeRootReducer>;
export type RootState = ReturnType<RootReducer>;
// Spelled out rather than inferred from the store, which would make the listener types circular.
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

/** A fresh store with its own listener middleware, so tests never share state. */
export function makeStore({ storage, preloadedState }: StoreOptions = {}) {
  const listenerMiddleware = createListenerMiddleware();
  const store = configureStore({
    reducer: makeRootReducer(storage),
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
        // The dev-only checks walk the whole state; with thousands of tasks that is noise, not safety.
        immutableCheck: { warnAfter: 200 },
      }).prepend(listenerMiddleware.middleware),
    devTools: import.meta.env.DEV ? { name: 'Weekly Planner', trace: false } : false,
  });
  const startAppListening: AppStartListening = listenerMiddleware.startListening.withTypes<RootState, AppDispatch>();
  addThemeListeners(startAppListening);
  const persistor = persistStore(store);
  return { store, persistor, startAppListening };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
