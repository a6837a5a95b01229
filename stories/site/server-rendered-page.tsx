import { useEffect, useMemo } from 'react';

/** Props of {@link ServerRenderedPage}. */
export interface ServerRenderedPageProps {
  /** A whole HTML document, as the server sends it. */
  html: string;
}

/**
 * A page the server renders without script, shown as its browser would: its own styles and body,
 * its language, and its title on the tab while the story is open.
 */
export function ServerRenderedPage({ html }: ServerRenderedPageProps) {
  const page = useMemo(() => new DOMParser().parseFromString(html, 'text/html'), [html]);
  const styles = [...page.head.querySelectorAll('style')].map((style) => style.outerHTML).join('');
  useEffect(() => {
    const before = document.title;
    document.title = page.title;
    return () => {
      document.title = before;
    };
  }, [page]);
  return (
    <div
      lang={page.documentElement.lang || undefined}
      // The server's own markup, escaped by the server: what the customer's browser receives.
      dangerouslySetInnerHTML={{ __html: styles + page.body.innerHTML }}
    />
  );
}
