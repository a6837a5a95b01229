/**
 * Shared pieces of the public site's stories: the site's stylesheet, its page-wide state put back
 * to the start around every story (the contact dialog, the toasts, the newsletter form and the
 * sliders are signals shared by the whole page), and the API's answers to the contact dialog and
 * the newsletter form (MSW).
 */
import '../../sites/web/src/styles.css';
import type { Decorator } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { ContactDialog } from '../../sites/web/src/public/contact-dialog.tsx';
import { closeMobileMenu, resetSiteState } from '../../sites/web/src/state/site-state.ts';
import { SiteToaster } from '../../sites/web/src/ui/site-toaster.tsx';

/**
 * Every site story starts where a freshly loaded page starts and ends leaving nothing open: the
 * meta's `beforeEach`.
 */
export function freshSitePage(): () => void {
  resetSiteState();
  return () => {
    closeMobileMenu();
    resetSiteState();
  };
}

/** The frame the site mounts once per page around its content: the contact dialog and the toasts. */
export function WithSiteFrame({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ContactDialog />
      <SiteToaster />
    </>
  );
}

/**
 * Decorator: the story inside {@link WithSiteFrame}, mounted afresh for each story (keyed by its id):
 * otherwise React keeps the frame's dialog and toaster from the story before, with that story's
 * open layers, and a click in the new dialog can be taken as a click outside the old one.
 */
export const siteFrame: Decorator = (Story, context) => (
  <WithSiteFrame key={context.id}>
    <Story />
  </WithSiteFrame>
);

/** The API's answer to a contact message, as POST /api/team-contact gives it. */
const contactAccepted = { id: 'msg_01J9Z4K8QW', recipient: { id: 'sales-manager', name: 'James Nguyen' } };

/** The API's answer to a newsletter sign-up, as POST /api/newsletter gives it. */
const signUpPending = {
  status: 'pending',
  message: 'Please check your inbox and confirm your subscription.',
} as const;

/** The API's answers to the site's forms. */
export const siteApi = {
  /** The message is stored and on its way to the team member. */
  contactSent: http.post('/api/team-contact', () => HttpResponse.json(contactAccepted, { status: 201 })),
  /** The message is on its way and no answer comes: the dialog stays on 'Sending...'. */
  contactPending: http.post('/api/team-contact', async () => {
    await delay('infinite');
    return HttpResponse.json(contactAccepted, { status: 201 });
  }),
  /** The server fails. */
  contactFails: http.post('/api/team-contact', () =>
    HttpResponse.json({ error: 'Internal error', requestId: 'req_7f3a' }, { status: 500 }),
  ),
  /** The sign-up is recorded and the confirmation mail queued. */
  newsletterAccepted: http.post('/api/newsletter', () => HttpResponse.json(signUpPending, { status: 202 })),
  /** The sign-up is on its way and no answer comes: the form stays on 'Subscribing...'. */
  newsletterPending: http.post('/api/newsletter', async () => {
    await delay('infinite');
    return HttpResponse.json(signUpPending, { status: 202 });
  }),
  /** The server fails. */
  newsletterFails: http.post('/api/newsletter', () =>
    HttpResponse.json({ error: 'Internal error', requestId: 'req_8b1c' }, { status: 503 }),
  ),
};
