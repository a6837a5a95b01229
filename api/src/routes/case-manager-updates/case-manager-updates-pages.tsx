/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { business } from '@cleanquote/content';
import { MessagePage, renderPage, SmallPage } from '../../lib/html-page.tsx';
import { CASE_MANAGER_UPDATES_PATH } from '../../quote-requests/case-manager-updates.ts';

/** The button on the page that stops a request's updates. */
export const STOP_BUTTON = 'Stop these emails';

/** What the page says once a request's updates are stopped. */
export function stoppedText(reference: string): string {
  return `You will not get more emails about request ${reference}.`;
}

const title = (heading: string) => `${heading} · ${business.name}`;
const back = { href: '/', label: `Back to ${business.name}` };

/** A request's updates as its link shows them while they run: what they are, and the Stop button. */
export function stopPage(reference: string, token: string): string {
  const heading = `Emails about request ${reference}`;
  return renderPage(
    <SmallPage title={title(heading)}>
      <h1>{heading}</h1>
      <p>We email you when request {reference} is quoted, booked or closed.</p>
      <form method="post" action={`${CASE_MANAGER_UPDATES_PATH}/${encodeURIComponent(token)}`}>
        <button type="submit">{STOP_BUTTON}</button>
      </form>
      <p>
        <a href={back.href}>{back.label}</a>
      </p>
    </SmallPage>,
  );
}

/** The request's updates are stopped (now or before). */
export function stoppedPage(reference: string): string {
  return renderPage(
    <MessagePage
      title={title('Emails stopped')}
      heading="Emails stopped"
      text={stoppedText(reference)}
      back={back}
    />,
  );
}

/** A link no request has. */
export function unknownLinkPage(): string {
  const heading = 'This link no longer works';
  return renderPage(
    <MessagePage
      title={title(heading)}
      heading={heading}
      text="We could not find a quote request for this link, so it sends you no emails."
      back={back}
    />,
  );
}
