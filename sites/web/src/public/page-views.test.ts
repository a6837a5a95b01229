// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The events the beacon sent, as the server would read them. */
let sent: { url: string; event: Record<string, unknown> }[];
/** Stops each beacon a test started (modules are fresh per test; window's listeners are not). */
const stops: (() => void)[] = [];

beforeEach(() => {
  vi.resetModules();
  sent = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, data: Blob) => {
      // The Blob's text is read synchronously enough for the test through a promise queue.
      void data.text().then((text) => sent.push({ url, event: JSON.parse(text) as Record<string, unknown> }));
      return true;
    },
  });
  Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, value: undefined });
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/team?utm_source=newsletter');
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('the page-view beacon', () => {
  it('sends this page’s view to /api/collect with its address and viewport width', async () => {
    const { startPageViews } = await import('./page-views.ts');
    stops.push(startPageViews());
    await settle();
    expect(sent).toEqual([
      {
        url: '/api/collect',
        event: {
          kind: 'view',
          url: `${window.location.origin}/team?utm_source=newsletter`,
          width: window.innerWidth,
        },
      },
    ]);
  });

  it('sends nothing with Global Privacy Control on, nor for a page marked noindex', async () => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, value: true });
    const { startPageViews, recordFunnelStep } = await import('./page-views.ts');
    stops.push(startPageViews());
    recordFunnelStep('service-type');
    await settle();
    expect(sent).toEqual([]);

    vi.resetModules();
    Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, value: undefined });
    document.head.innerHTML = '<meta name="robots" content="noindex, nofollow">';
    const fresh = await import('./page-views.ts');
    stops.push(fresh.startPageViews());
    await settle();
    expect(sent).toEqual([]);
  });

  it('counts a client-side navigation to another page once', async () => {
    const { startPageViews } = await import('./page-views.ts');
    stops.push(startPageViews());
    window.history.pushState(null, '', '/service-form');
    window.dispatchEvent(new Event('pushState'));
    window.dispatchEvent(new Event('pushState'));
    await settle();
    await settle();
    expect(sent.map(({ event }) => new URL(String(event.url)).pathname)).toEqual(['/team', '/service-form']);
  });
});

describe('the wizard funnel', () => {
  it('starts the visit once, then sends each step with the same in-memory visit id', async () => {
    const { recordFunnelStep } = await import('./page-views.ts');
    recordFunnelStep('service-type');
    recordFunnelStep('property-size');
    recordFunnelStep('submitted');
    await settle();
    const steps = sent.map(({ event }) => event.step);
    expect(steps).toEqual(['started', 'service-type', 'property-size', 'submitted']);
    const visits = new Set(sent.map(({ event }) => event.visit));
    expect(visits.size).toBe(1);
    expect([...visits][0]).toMatch(/^[0-9a-f]{24}$/);
    expect(document.cookie).toBe('');
    expect(window.localStorage.length).toBe(0);
  });
});
