import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { NavigateContext } from './navigation';

/** Inside a router: the app's navigation seam is the router's own navigate. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <NavigateContext value={navigate}>{children}</NavigateContext>;
}
