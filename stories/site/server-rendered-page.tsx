import { useEffect, useLayoutEffect, useMemo } from 'react';

/** Props of {@link ServerRenderedPage}. */
export interface ServerRenderedPageProps {
  /** A whole HTML document, as the server sends it. */
  html: string;
}

/**
 * A page the server renders without script, shown as its browser would: its own styles and body,
 * its language, and its title on the tab while the story is open. The style sheets other stories
 * imported into the document (the site's, the admin's) are switched off while it is shown: a
 * customer's browser has only the page's own.
 */
export function ServerRenderedPage({ html }: ServerRenderedPageProps) {
  const page = useMemo(() => new DOMParser().parseFromString(html, 'text/html'), [html]);
  const styles = [...page.head.querySelectorAll('style')].map((style) => style.outerHTML).join('');
  useLayoutEffect(() => {
    // Vite adds each imported style sheet as a <style data-vite-dev-id> while serving and as a
    // <link rel="stylesheet"> once built; Storybook's own inline styles stay on.
    const others = [
      ...document.querySelectorAll<HTMLStyleElement | HTMLLinkElement>(
        'style[data-vite-dev-id], link[rel="stylesheet"]',
      ),
    ]
      .map((style) => style.sheet)
      .filter((sheet): sheet is CSSStyleSheet => sheet !== null && !sheet.disabled);
    for (const sheet of others) sheet.disabled = true;
    return () => {
      for (const sheet of others) sheet.disabled = false;
    };
  }, [page]);
  useEffect(() => {
    const before = document.title;
    document.title = page.title;
    return () => {
      document.title = before;
    };
  }, [page]);
  return (
    <div
      data-server-rendered-page
      lang={page.documentElement.lang || undefined}
      // The server's own markup, escaped by the server: what the customer's browser receives.
      dangerouslySetInnerHTML={{ __html: styles + page.body.innerHTML }}
    />
  );
}
