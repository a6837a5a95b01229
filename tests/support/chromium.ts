import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's chromium, never Playwright's download (it fails here and would not match the system's
 * libraries). The flags keep it from reaching for the closed network at start-up.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
