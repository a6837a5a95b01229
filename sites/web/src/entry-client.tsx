// The site's stylesheets load with the page (they are linked from the HTML); the scripts wait.
import '@cleanquote/quote-wizard/style.css';
import './styles.css';

/*
 * Every public page arrives as complete HTML, so nothing on screen waits for JavaScript. The app
 * (React and the page components) is fetched and hydrated only once the page has loaded and been
 * painted, so on a phone it never competes with the HTML, the stylesheet and the first images for
 * bandwidth or the main thread. Links work before that; the buttons (menu, dialogs, accordion,
 * sliders, forms) work once hydrated, which sets `data-hydrated` on <html>.
 */
function start(): void {
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

whenLoaded(() => afterFirstPaint(start));
