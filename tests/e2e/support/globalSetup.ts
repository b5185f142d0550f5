import { chromium, type FullConfig } from '@playwright/test';
import { turnOffUnseenFeatures } from './chromium';

/** Says which browser the run drives: a failure on a new machine starts with its version. */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const { launchOptions } = config.projects[0]!.use;
  const browser = await chromium.launch(launchOptions);
  try {
    console.log(`Browser: Chromium ${browser.version()} (${launchOptions?.executablePath ?? 'bundled'})`);
  } finally {
    await browser.close();
  }
  await turnOffUnseenFeatures(launchOptions ?? {});
}
