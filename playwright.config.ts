import { defineConfig } from '@playwright/test';
import { chromiumArgs } from './tests/e2e/support/chromium';

// The app under test is the real build served by the real server/ on its own
// port and a throwaway data directory.
const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR ?? `.data-e2e-${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Tests run side by side, three at a time, against the one server: every test signs up its own users (a file
  // whose tests share devices says `mode: 'serial'`). Two cores, three workers: a test waiting on its page (a
  // throttled CPU, a network held back, a sync round trip) leaves its core to the others (the browser tests 207 s
  // on 2 workers with 19% of the CPU idle; 187 s on 3, 10% idle). Scheduled by test, not by file, so no long file
  // runs alone at the end.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed test keeps its trace (actions, console, network) and Playwright's error-context.md (the page's ARIA
    // snapshot at the failure). Screenshots would add a screencast of every page of every test (a fifth of the
    // suite's CPU); DOM snapshots a serialized page per step (the whole run 8.1 → 7.2 min without them; 5,000
    // cards per step in plainCards). For those, run a spec with `--trace on`.
    // The PWA's worker precaches the whole build (56 files, 1.5 MB) in every new context, and Chromium compiles each
    // script it stores: 1.7 s of CPU per test of a few seconds (20 loads idling 3 s: 91 CPU-s with the worker, 58
    // without). A test of the worker or of offline use says `serviceWorkers: 'allow'` (pwa.spec, search's offline
    // test, and the synced devices of support/premium.ts, which run as a person's browser does).
    serviceWorkers: 'block',
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: true },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs(),
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && tsx tests/e2e/support/seedDataDir.ts ${dataDir} && tsx server/index.ts`,
    url: `http://127.0.0.1:${port}/`,
    // The whole suite signs up and in from 127.0.0.1 against one server: per-address limits are for people
    // (tested in tests/server/ratelimit.test.ts and security.test.ts). Three workers' browsers, two devices
    // each, keep more connections open than one person's (64): past that the server resets the next one.
    env: {
      MAX_CONNECTIONS_PER_IP: '1000',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT_SIGN_IN_IP_BURST: '1000/10',
      RATE_LIMIT_SIGN_IN_IP: '1000/300',
      RATE_LIMIT_SIGN_UP_IP: '1000/300',
      RATE_LIMIT_REFRESH_IP: '1000/300',
      RATE_LIMIT_FUNCTIONS_IP: '1000/60',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
  },
});
