import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { RouterNavigation } from './app/RouterNavigation';

// The landing page is not part of a planner user's first load.
const LandingPage = lazy(() => import('./features/landing/LandingPage'));
// Sign-in brings the Supabase client with it; neither belongs in a visitor's first load.
const AuthPage = lazy(() => import('./features/auth/AuthPage'));
const NotFoundPage = lazy(() => import('./components/NotFoundPage').then((module) => ({ default: module.NotFoundPage })));

/**
 * Every page, behind React Router: loaded when the app starts anywhere but `/`, or first leaves it. The planner
 * comes from App rather than by import: this chunk importing a page of the entry made the bundler (rolldown
 * 1.2) move React and more out of the entry into four extra files for every first load to fetch.
 */
export default function RoutedApp({ planner }: { planner: ReactNode }) {
  return (
    <BrowserRouter>
      <RouterNavigation>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/" element={planner} />
            <Route path="/home" element={<LandingPage />} />
            <Route path="/auth" element={<AuthPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </RouterNavigation>
    </BrowserRouter>
  );
}
