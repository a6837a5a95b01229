/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { MessagePage, renderPage } from '../../lib/html-page.tsx';

/** The 404 page of a quote link no quote has, when the API runs without the built site's own. */
export function pageNotFound(): string {
  return renderPage(
    <MessagePage
      heading="Page Not Found"
      text="The page you are looking for does not exist."
      back={{ href: '/', label: 'Back to the home page' }}
    />,
  );
}
