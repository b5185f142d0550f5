import type { BrowserServer } from '@playwright/test';
import { readFileSync } from 'node:fs';

/** The flags the brief asks for, on Debian's Chromium. */
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/**
 * Chromium 156 builds its omnibox popup (two WebUI renderers) for every new window, and each of a test's browser
 * contexts is one: about 0.7 s of CPU per context on a 2-core machine already busy with the tests, for a popup
 * headless never shows (measured: 1.2 s → 0.5 s of CPU per new context and page).
 */
const NEVER_SHOWN = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/** Where globalSetup leaves the features to turn off, for the workers it starts. */
const ENV = 'E2E_CHROMIUM_DISABLED_FEATURES';

/**
 * Chromium keeps only the last --disable-features, and Playwright passes its own list (features that break
 * automation): ours must repeat it. It is read from the command line Playwright gives Chromium, so an update of
 * Playwright that changes its list needs nothing here.
 */
export function turnOffUnseenFeatures(server: BrowserServer): void {
  let args: string[];
  try {
    args = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return; // no /proc (not Linux): the brief's flags alone
  }
  const playwrights = args.filter((arg) => arg.startsWith('--disable-features=')).flatMap((arg) => arg.slice('--disable-features='.length).split(','));
  process.env[ENV] = [...new Set([...playwrights, ...NEVER_SHOWN])].filter(Boolean).join(',');
}

/** The launch arguments: the brief's flags, and once globalSetup has run, the features to turn off. */
export function chromiumArgs(): string[] {
  const off = process.env[ENV];
  return off ? [...CHROMIUM_FLAGS, `--disable-features=${off}`] : CHROMIUM_FLAGS;
}
