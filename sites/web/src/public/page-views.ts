/*
 * The site's first-party analytics (docs/decisions/0017-first-party-analytics.md): a page
 * view per public page (the load, and each client-side navigation), and the quote wizard's funnel.
 * Sent with navigator.sendBeacon (fetch keepalive where that is missing) to POST /api/collect once the
 * page has loaded and painted, so it never competes with what is on screen. No cookie, no storage:
 * the funnel's visit id lives in this module's memory and ends with the page. Nothing is sent for a
 * visitor with Global Privacy Control or Do Not Track on, and nothing here can fail a page.
 * The typed client can't send a beacon, so only the body's type comes from the API's contract.
 */

import type { CollectEventInput, FunnelEvent } from '@cleanquote/quote-core/staff';

const COLLECT_URL = '/api/collect';

/** The anonymous id of this visit's wizard funnel, in memory only. */
let visitId: string | null = null;
let lastViewedPath: string | null = null;
let listening = false;

function optedOut(): boolean {
  const privacy = navigator as Navigator & { globalPrivacyControl?: boolean };
  return privacy.globalPrivacyControl === true || navigator.doNotTrack === '1';
}

function send(event: CollectEventInput): void {
  try {
    if (optedOut()) return;
    const body = JSON.stringify(event);
    if (navigator.sendBeacon?.(COLLECT_URL, new Blob([body], { type: 'application/json' }))) return;
    void fetch(COLLECT_URL, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
    }).catch(() => {});
  } catch {
    // Analytics never fail a page.
  }
}

/** Admin screens and the 404 page are marked noindex: they are not page views. */
function countedPage(): boolean {
  return document.querySelector('meta[name="robots"][content*="noindex"]') === null;
}

function recordPageView(fromOtherSite: boolean): void {
  const path = window.location.pathname;
  if (path === lastViewedPath || !countedPage()) return;
  lastViewedPath = path;
  send({
    kind: 'view',
    url: window.location.href,
    // Only the page the visit arrived on carries where the visitor came from.
    ...(fromOtherSite && document.referrer ? { referrer: document.referrer } : {}),
    width: window.innerWidth,
  });
}

/**
 * Records this page's view and follows the app's client-side navigations (the router announces
 * them as `pushState` events; the back button as `popstate`). Call once the page has loaded.
 * @returns a function that stops following navigations.
 */
export function startPageViews(): () => void {
  if (listening) return () => {};
  listening = true;
  recordPageView(true);
  // After the app has rendered the new page (and its meta), not in the middle of the navigation.
  const afterNavigation = () => requestAnimationFrame(() => setTimeout(() => recordPageView(false), 0));
  window.addEventListener('pushState', afterNavigation);
  window.addEventListener('popstate', afterNavigation);
  return () => {
    window.removeEventListener('pushState', afterNavigation);
    window.removeEventListener('popstate', afterNavigation);
    listening = false;
  };
}

function newVisitId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Records a point of the quote wizard's funnel for this visit: a step id as the wizard reports it,
 * 'submitted', or 'submission-failed'. The first one also records that the wizard was started.
 */
export function recordFunnelStep(step: FunnelEvent): void {
  if (visitId === null) {
    visitId = newVisitId();
    send({ kind: 'funnel', visit: visitId, step: 'started' });
  }
  send({ kind: 'funnel', visit: visitId, step });
}
