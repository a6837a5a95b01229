// The site's stylesheets load with the page (they are linked from the HTML); the scripts wait.
import '@cleanquote/quote-wizard/style.css';
import './styles.css';
import { startPageViews } from './public/page-views.ts';

/*
 * Every public page arrives as complete HTML, so nothing on screen waits for JavaScript. The app
 * (React and the page components) is fetched and hydrated once the page has loaded and been painted,
 * so on a phone it never competes with the HTML, the stylesheet and the first images for bandwidth
 * or the main thread — or at once when someone taps a control that needs it. Until then links, the
 * FAQ (<details>) and the menu (a popover) work natively, and the head's first-tap script holds
 * taps on the other controls and replays them once the app has set `data-hydrated` on <html>
 * (decision 0008).
 */
let started = false;
function start(): void {
  if (started) return;
  started = true;
  void import('./hydrate.tsx');
}

/** Calls `callback` once the page has had its first contentful paint (at once where that is unknown). */
function afterFirstPaint(callback: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    callback();
    return;
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    // Past the paint's frame, not inside it.
    setTimeout(callback, 0);
  };
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) finish();
  });
  observer.observe({ type: 'paint', buffered: true });
  // A page that never paints (opened in a background tab) still hydrates, just later.
  setTimeout(finish, 3000);
}

function whenLoaded(callback: () => void): void {
  if (document.readyState === 'complete') callback();
  else window.addEventListener('load', callback, { once: true });
}

// Someone is waiting on a held tap: fetch the app now rather than after the load event.
if (document.querySelector('[data-first-tap-pending]')) start();
else document.addEventListener('first-tap', start, { once: true });
whenLoaded(() => afterFirstPaint(start));
// The page view waits for the same moment: it never delays what is on screen (decision 0017).
whenLoaded(() => afterFirstPaint(startPageViews));
