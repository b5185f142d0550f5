import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PlannerPage } from './features/planner/PlannerPage';
import { NotFoundPage } from './components/NotFoundPage';

// The landing page is not part of a planner user's first load.
const LandingPage = lazy(() => import('./features/landing/LandingPage'));

export function App() {
  return (
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
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
