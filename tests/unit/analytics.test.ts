// posthog-js is the third-party boundary: replaced here by a recording stand-in.
const mockPosthog = { init: jest.fn(), capture: jest.fn() };
jest.mock('posthog-js', () => ({ __esModule: true, default: mockPosthog }));

type Analytics = typeof import('../../src/lib/analytics');

/** A fresh copy of the module: its queue and status are per page load. */
async function loadAnalytics(): Promise<Analytics> {
  let analytics!: Analytics;
  await jest.isolateModulesAsync(async () => {
    analytics = await import('../../src/lib/analytics');
  });
  return analytics;
}

const CONFIGURED = { VITE_POSTHOG_KEY: 'phc_test', VITE_POSTHOG_HOST: 'https://eu.i.posthog.com' };

beforeEach(() => {
  mockPosthog.init.mockClear();
  mockPosthog.capture.mockClear();
});

describe('analytics without configuration', () => {
  it('is a silent no-op: nothing loads, nothing is sent, nothing throws', async () => {
    const analytics = await loadAnalytics();
    analytics.track('before_init');
    await expect(analytics.initAnalytics({})).resolves.toBeUndefined();
    analytics.track('home_page_viewed', { source: 'test' });
    analytics.trackConversion('monthly');
    expect(mockPosthog.init).not.toHaveBeenCalled();
    expect(mockPosthog.capture).not.toHaveBeenCalled();
  });

  it('treats a blank key as no configuration', async () => {
    const analytics = await loadAnalytics();
    await analytics.initAnalytics({ VITE_POSTHOG_KEY: '   ' });
    analytics.track('home_page_viewed');
    expect(mockPosthog.init).not.toHaveBeenCalled();
    expect(mockPosthog.capture).not.toHaveBeenCalled();
  });
});

describe('analytics with PostHog configured', () => {
  it('initialises PostHog once, with exception capture and the configured host', async () => {
    const analytics = await loadAnalytics();
    const first = analytics.initAnalytics(CONFIGURED);
    expect(analytics.initAnalytics(CONFIGURED)).toBe(first);
    await first;
    expect(mockPosthog.init).toHaveBeenCalledTimes(1);
    expect(mockPosthog.init).toHaveBeenCalledWith(
      'phc_test',
      expect.objectContaining({ api_host: 'https://eu.i.posthog.com', capture_exceptions: true }),
    );
  });

  it('reads the key from the build environment by default', async () => {
    const analytics = await loadAnalytics();
    process.env.VITE_POSTHOG_KEY = 'phc_from_env';
    try {
      await analytics.initAnalytics();
    } finally {
      delete process.env.VITE_POSTHOG_KEY;
    }
    expect(mockPosthog.init).toHaveBeenCalledWith('phc_from_env', expect.not.objectContaining({ api_host: expect.anything() }));
  });

  it('queues events until PostHog has loaded, then sends them in order', async () => {
    const analytics = await loadAnalytics();
    analytics.track('first', { step: 1 });
    const ready = analytics.initAnalytics(CONFIGURED);
    analytics.track('while_loading');
    expect(mockPosthog.capture).not.toHaveBeenCalled();

    await ready;
    expect(mockPosthog.capture.mock.calls).toEqual([
      ['first', { step: 1 }],
      ['while_loading', undefined],
    ]);
    analytics.track('home_page_viewed');
    expect(mockPosthog.capture).toHaveBeenLastCalledWith('home_page_viewed', undefined);
  });

  it('keeps only the most recent events when many pile up before loading', async () => {
    const analytics = await loadAnalytics();
    for (let index = 0; index < 60; index += 1) analytics.track(`event_${index}`);
    await analytics.initAnalytics(CONFIGURED);
    const sent = mockPosthog.capture.mock.calls.map(([event]) => event);
    expect(sent).toHaveLength(50);
    expect(sent[0]).toBe('event_10');
    expect(sent.at(-1)).toBe('event_59');
  });

  it('reports a conversion with its plan and value before checkout', async () => {
    const analytics = await loadAnalytics();
    await analytics.initAnalytics(CONFIGURED);
    analytics.trackConversion('annual');
    expect(mockPosthog.capture).toHaveBeenLastCalledWith('checkout_started', {
      price_type: 'annual',
      value: 34.8,
      currency: 'USD',
    });
    analytics.trackConversion('monthly');
    expect(mockPosthog.capture).toHaveBeenLastCalledWith('checkout_started', {
      price_type: 'monthly',
      value: 4.9,
      currency: 'USD',
    });
  });
});

describe('analytics when PostHog cannot load', () => {
  it('turns itself off without an error', async () => {
    jest.resetModules();
    jest.doMock('posthog-js', () => {
      throw new Error('blocked by the browser');
    });
    try {
      const analytics = await import('../../src/lib/analytics');
      analytics.track('queued');
      await expect(analytics.initAnalytics(CONFIGURED)).resolves.toBeUndefined();
      expect(() => analytics.track('after')).not.toThrow();
      expect(mockPosthog.init).not.toHaveBeenCalled();
      expect(mockPosthog.capture).not.toHaveBeenCalled();
    } finally {
      jest.dontMock('posthog-js');
    }
  });
});
