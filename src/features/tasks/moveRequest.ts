import { createContext } from 'react';

/**
 * Asks for the 'Move to…' choice of days for a task (by id). The planner page provides it and shows the choice;
 * without a provider, cards have no 'Move to…' button.
 */
export const MoveRequestContext = createContext<((id: string) => void) | null>(null);
