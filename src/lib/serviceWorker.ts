// Registers the service worker once the page has loaded and the browser is idle, so neither the registration
// nor the worker's precaching competes with the first load; the registration's code
// (lib/serviceWorkerRegistration.ts) is fetched then too.

const register = () =>
  void import('./serviceWorkerRegistration').then(
    (registration) => registration.register(),
    (error: unknown) => console.warn('Service worker registration failed', error),
  );

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // The app now starts after the page's load event (index.html's loader), so 'loaded' is not enough:
  // the worker's install downloads every asset, which must not compete with the first render.
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 1000));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
