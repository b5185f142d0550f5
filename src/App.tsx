import { lazy, startTransition, Suspense, useCallback, useEffect, useState } from 'react';
import { loadRoutedApp, NavigateContext, type AppNavigate } from './app/navigation';
import { PageLoadError } from './components/PageLoadError';
import { AppUpdatePrompt } from './components/ui/AppUpdatePrompt';
import { LoadBoundary } from './components/ui/LoadBoundary';
import { Toaster } from './components/ui/Toaster';
import { PlannerPage } from './features/planner/PlannerPage';

const RoutedApp = lazy(loadRoutedApp);

const atPlanner = () => window.location.pathname === '/';

// Until the first move away from `/`, the planner renders on its own and moves by the History API: React
// Router around it would add ~10 kB brotli to a visitor's first load. The router takes over from the first
// move on (it reads the address as it mounts) and keeps every later move, back to `/` included.
export function App() {
  const [routed, setRouted] = useState(() => !atPlanner());
  // A transition: the planner stays on screen until the router's chunk is in, rather than a blank page.
  const followAddress = useCallback(() => {
    if (!atPlanner()) startTransition(() => setRouted(true));
  }, []);
  const navigate = useCallback<AppNavigate>(
    (to) => {
      window.history.pushState(null, '', to);
      followAddress();
    },
    [followAddress],
  );

  useEffect(() => {
    if (routed) return;
    // Back or forward to another page of the app.
    addEventListener('popstate', followAddress);
    return () => removeEventListener('popstate', followAddress);
  }, [routed, followAddress]);

  return (
    <>
      {/* Around both sides, so a transition to the router keeps the planner shown while its chunk loads. */}
      <Suspense fallback={null}>
        {routed ? (
          <LoadBoundary fallback={<PageLoadError />}>
            <RoutedApp planner={<PlannerPage />} />
          </LoadBoundary>
        ) : (
          <NavigateContext value={navigate}>
            <PlannerPage />
          </NavigateContext>
        )}
      </Suspense>
      <Toaster />
      <AppUpdatePrompt />
    </>
  );
}
