// Product analytics and exception capture through PostHog, when the build is configured for it
// (VITE_POSTHOG_KEY, optionally VITE_POSTHOG_HOST); a silent no-op otherwise. posthog-js is large,
// so it is imported only after start-up; events tracked before it is ready wait in a short queue.

export type EventProperties = Record<string, string | number | boolean | null>;

export interface AnalyticsEnv {
  VITE_POSTHOG_KEY?: string;
  VITE_POSTHOG_HOST?: string;
}

interface Client {
  capture: (event: string, properties?: EventProperties) => unknown;
}

type Status = 'idle' | 'loading' | 'ready' | 'off';

// Enough for anything a person does in the second it takes to load; beyond that, drop the oldest.
const MAX_QUEUED = 50;

let status: Status = 'idle';
let client: Client | null = null;
let ready: Promise<void> = Promise.resolve();
const queue: Array<[string, EventProperties | undefined]> = [];

function turnOff(): void {
  status = 'off';
  queue.length = 0;
}

/** Starts analytics once; later calls return the same promise. */
export function initAnalytics(env: AnalyticsEnv = import.meta.env as AnalyticsEnv): Promise<void> {
  if (status !== 'idle') return ready;
  const key = env.VITE_POSTHOG_KEY?.trim();
  if (!key) {
    turnOff();
    return ready;
  }
  status = 'loading';
  const host = env.VITE_POSTHOG_HOST?.trim();
  ready = import('posthog-js').then(
    ({ default: posthog }) => {
      posthog.init(key, {
        ...(host ? { api_host: host } : {}),
        capture_exceptions: true,
        // Only the events the product names, no automatic click or page-view tracking.
        autocapture: false,
        capture_pageview: false,
        person_profiles: 'identified_only',
      });
      client = posthog;
      status = 'ready';
      for (const [event, properties] of queue.splice(0)) posthog.capture(event, properties);
    },
    // A blocked or failed load must never break the app.
    turnOff,
  );
  return ready;
}

export function track(event: string, properties?: EventProperties): void {
  if (status === 'off') return;
  if (client) {
    client.capture(event, properties);
    return;
  }
  if (queue.length >= MAX_QUEUED) queue.shift();
  queue.push([event, properties]);
}

// What each plan bills at checkout (spec §9), reported as the conversion value.
const CHECKOUT_VALUE_USD = { monthly: 4.9, annual: 34.8 } as const;

/** The conversion tracking call made just before a checkout starts. */
export function trackConversion(priceType: 'monthly' | 'annual'): void {
  track('checkout_started', { price_type: priceType, value: CHECKOUT_VALUE_USD[priceType], currency: 'USD' });
}
