import { chromium, type FullConfig } from '@playwright/test';
import { turnOffUnseenFeatures } from './chromium';

/**
 * Says which browser the run drives (a failure on a new machine starts with its version), and reads the flags
 * Playwright gives it for the workers' launches (`turnOffUnseenFeatures`): one launch for both.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const { launchOptions } = config.projects[0]!.use;
  const server = await chromium.launchServer(launchOptions);
  try {
    const browser = await chromium.connect(server.wsEndpoint());
    console.log(`Browser: Chromium ${browser.version()} (${launchOptions?.executablePath ?? 'bundled'})`);
    await browser.close();
    turnOffUnseenFeatures(server);
  } finally {
    await server.close();
  }
}
