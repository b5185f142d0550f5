import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
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
// move on (it reads the address as it mounts) and stays, so the planner is never mounted twice.
const plannerNavigate =
  (leave: () => void): AppNavigate =>
  (to) => {
    window.history.pushState(null, '', to);
    if (!atPlanner()) leave();
  };

export function App() {
  const [routed, setRouted] = useState(() => !atPlanner());
  // A transition: the planner stays on screen until the router's chunk is in, rather than a blank page.
  const [navigate] = useState(() => plannerNavigate(() => startTransition(() => setRouted(true))));

  useEffect(() => {
    if (routed) return;
    // Back or forward to another page of the app.
    const onPopState = () => {
      if (!atPlanner()) startTransition(() => setRouted(true));
    };
    addEventListener('popstate', onPopState);
    return () => removeEventListener('popstate', onPopState);
  }, [routed]);

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
