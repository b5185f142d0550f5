import { createContext, useContext } from 'react';

/** Says a message in the drag live region (a no-op outside PlannerDndProvider). */
export const AnnounceContext = createContext<(message: string) => void>(() => {});

export const useAnnounce = () => useContext(AnnounceContext);
