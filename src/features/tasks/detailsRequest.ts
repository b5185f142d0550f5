import { createContext } from 'react';

/** Whose details to show: a task by id, or an occurrence of a series by its (series id, original date). */
export type DetailsTarget = { kind: 'task'; id: string } | { kind: 'occurrence'; seriesId: string; originalDate: string };

/** Asks for a task's details; the planner page provides it. Without a provider, cards have no details button. */
export const DetailsRequestContext = createContext<((target: DetailsTarget) => void) | null>(null);

/** The details dialog is a chunk of its own (as 'Move to…' is: see moveRequest.ts), loaded on first use or idle. */
export const loadTaskDetailsDialog = () => import('./TaskDetailsWithChecklist');
