import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PlannerPage } from './features/planner/PlannerPage';
import { AppUpdatePrompt } from './components/ui/AppUpdatePrompt';
import { Toaster } from './components/ui/Toaster';

// The landing page is not part of a planner user's first load.
const LandingPage = lazy(() => import('./features/landing/LandingPage'));
// Sign-in brings the Supabase client with it; neither belongs in a visitor's first load.
const AuthPage = lazy(() => import('./features/auth/AuthPage'));
const NotFoundPage = lazy(() => import('./components/NotFoundPage').then((module) => ({ default: module.NotFoundPage })));

export function App() {
  return (
    <>
      <Routes>
        <Route path="/" element={<PlannerPage />} />
        <Route
          path="/home"
          element={
            <Suspense fallback={null}>
              <LandingPage />
            </Suspense>
          }
        />
        <Route
          path="/auth"
          element={
            <Suspense fallback={null}>
              <AuthPage />
            </Suspense>
          }
        />
        <Route
          path="*"
          element={
            <Suspense fallback={null}>
              <NotFoundPage />
            </Suspense>
          }
        />
      </Routes>
      <Toaster />
      <AppUpdatePrompt />
    </>
  );
}
