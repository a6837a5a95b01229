/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { business } from '@cleanquote/content';
import { MessagePage, renderPage } from '../lib/html-page.tsx';

/** The page a newsletter link opens: what happened, and the way back to the website. */
function resultPage(title: string, text: string): string {
  return renderPage(
    <MessagePage
      title={`${title} · ${business.name}`}
      heading={title}
      text={text}
      back={{ href: '/', label: `Back to ${business.name}` }}
    />,
  );
}

/** The confirmation link worked: the address now gets the newsletter. */
export const subscribedPage = () =>
  resultPage(
    'You are subscribed',
    `Thank you for confirming. You will now receive news from ${business.name}; every email has a one-click unsubscribe link.`,
  );

/** A confirmation link that is unknown, used or older than 7 days. */
export const confirmationLinkGonePage = () =>
  resultPage(
    'This link no longer works',
    'The confirmation link is invalid, already used or older than 7 days. Please subscribe again on our website.',
  );

/** The unsubscribe link worked (or had already). */
export const unsubscribedPage = () =>
  resultPage('You are unsubscribed', `You will not receive any more newsletters from ${business.name}.`);

/** An unsubscribe link no subscriber has. */
export const unsubscribeLinkGonePage = () =>
  resultPage(
    'This link no longer works',
    'We could not find a subscription for this link. You will not receive newsletters through it.',
  );
