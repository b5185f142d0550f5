import { createContext } from 'react';

/**
 * Asks for the 'Move to…' choice of days for a task (by id). The planner page provides it and shows the choice;
 * without a provider, cards have no 'Move to…' button.
 */
export const MoveRequestContext = createContext<((id: string) => void) | null>(null);

/** The same for an occurrence of a series, by the pair that names it. */
export const OccurrenceMoveRequestContext = createContext<((occurrence: { seriesId: string; originalDate: string }) => void) | null>(null);

/**
 * The dialog (with the <dialog> wrapper and the icons it shares with the menu's dialogs) is a chunk of its own,
 * loaded on the first 'Move to…' or in idle time (PlannerPage): static, it put those modules on every first load,
 * and rolldown's split of what they share with the lazy pages made two more requests.
 */
export const loadMoveTaskDialog = () => import('./MoveTaskDialog');
