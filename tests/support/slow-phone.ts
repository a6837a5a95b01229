import type { Page } from '@playwright/test';

/**
 * Lighthouse's mobile throttling (its "slow 4G" preset): 150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up, and the CPU slowed 4×. Network throttling matters as much as the CPU here: on
 * localhost the scripts otherwise arrive at once and hide every gap between paint and hydration.
 */
export const SLOW_PHONE = {
  latencyMs: 150,
  downloadBitsPerSecond: 1.6 * 1024 * 1024,
  uploadBitsPerSecond: 750 * 1024,
  cpuSlowdown: 4,
} as const;

/**
 * Throttles this page's network and CPU like Lighthouse's mobile run, through the DevTools protocol
 * (Chromium only). Call before `page.goto`; it lasts for the page's life.
 */
export async function emulateSlowPhone(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PHONE.latencyMs,
    // The protocol takes bytes per second.
    downloadThroughput: SLOW_PHONE.downloadBitsPerSecond / 8,
    uploadThroughput: SLOW_PHONE.uploadBitsPerSecond / 8,
  });
  await session.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
}
