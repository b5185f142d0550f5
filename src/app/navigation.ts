import { createContext, use } from 'react';

/**
 * How the app moves between its pages. The planner at `/` is rendered without React Router, so a visitor's
 * first load does not carry it (~10 kB brotli); the router and the other pages load on the first move away
 * (App.tsx). Code that can run on either side navigates through this seam instead of `useNavigate`.
 */
export type AppNavigate = (to: string) => void;

/** The router and every page but the planner: loaded on the first move away from `/`, or ahead of one. */
export const loadRoutedApp = () => import('../RoutedApp');
export const preloadRoutes = () => void loadRoutedApp().catch(() => {});

export const NavigateContext = createContext<AppNavigate | null>(null);

export function useAppNavigate(): AppNavigate {
  const navigate = use(NavigateContext);
  if (!navigate) throw new Error('useAppNavigate needs a NavigateContext (App, or RouterNavigation inside a router).');
  return navigate;
}
