import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectTheme } from '../../features/theme/themeSlice';
import { toasts } from '../../lib/notify';

const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * At the bottom, clear of the header's controls (Undo among them, which a toast at the top covered on a tablet).
 * On a phone, where toasts take the screen's width, they sit above the floating '+' (56 px, 20 px from the edge).
 */
const MOBILE_OFFSET = { bottom: 88, left: 16, right: 16 };

/** Where notify.success/error appear, in the app's theme. Renders nothing until the first notification. */
export function Toaster() {
  const theme = useAppSelector(selectTheme);
  const requested = useSyncExternalStore(toasts.subscribe, toasts.requested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster theme={theme} position="bottom-center" mobileOffset={MOBILE_OFFSET} richColors closeButton />
    </Suspense>
  );
}
