import type { ListenerEffectAPI, TypedStartListening } from '@reduxjs/toolkit';
import type { AppDispatch, AppExtra, RootState } from './store';

/** How features register listeners: each exports `addXListeners(startAppListening)`, wired in app/store.ts. */
export type AppStartListening = TypedStartListening<RootState, AppDispatch, AppExtra>;

/** What a listener's effect receives besides the action. */
export type AppListenerApi = ListenerEffectAPI<RootState, AppDispatch, AppExtra>;
