import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectTheme } from '../../features/theme/themeSlice';
import { toasts } from '../../lib/notify';

const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Where notify.success/error appear, in the app's theme. Renders nothing until the first notification. */
export function Toaster() {
  const theme = useAppSelector(selectTheme);
  const requested = useSyncExternalStore(toasts.subscribe, toasts.requested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster theme={theme} position="top-center" richColors closeButton />
    </Suspense>
  );
}
