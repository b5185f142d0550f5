import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { appUpdate } from '../../lib/appUpdate';

// Fetched only when there is a new version to announce (it is precached like the rest of the app).
const UpdatePrompt = lazy(() => import('./UpdatePrompt').then((module) => ({ default: module.UpdatePrompt })));

/** The 'new version' prompt while one waits; dismissed, it returns with the next page load. */
export function AppUpdatePrompt() {
  const available = useSyncExternalStore(appUpdate.subscribe, appUpdate.available, () => false);
  const [dismissed, setDismissed] = useState(false);
  if (!available || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt onReload={appUpdate.reload} onDismiss={() => setDismissed(true)} />
    </Suspense>
  );
}
