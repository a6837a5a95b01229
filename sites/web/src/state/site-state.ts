import type { Recipient } from '@cleanquote/content';
import { batch, type Signal, signal } from '@preact/signals-react';
import { postNewsletterSignUp, postTeamContact, type TeamContactFields } from '../public/site-api.ts';

/*
 * The site's shared UI state outside the quote wizard, as signals in this one module: which contact dialog
 * is open and for whom, the toast queue, the newsletter form's status and the before/after sliders.
 * (Whether the mobile menu is open is the browser's: it is a popover, see closeMobileMenu.)
 * Components read these signals (with `useSignals()`) and change them only
 * through the functions below; nothing here is copied into React context or component state.
 *
 * The server render only reads the initial values; nothing writes to them outside the browser.
 */

// ---------------------------------------------------------------------------------------------
// Toasts

/** How a toast looks: `destructive` for validation and failure messages. */
export type ToastVariant = 'default' | 'destructive';

/** One toast in the queue. */
export interface SiteToast {
  id: number;
  title: string;
  description: string;
  variant: ToastVariant;
  /** False once dismissed (closed, swiped or timed out); it leaves the queue later. */
  open: boolean;
}

/** At most this many toasts at once: a new one replaces the one showing. */
export const TOAST_LIMIT = 1;
/** How long a toast shows before it closes itself. */
export const TOAST_DURATION_MS = 5000;
/** How long a dismissed toast stays in the queue (closed) before it is removed. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** Horizontal swipe distance that dismisses a toast. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** The toast queue, newest first. */
export const toasts: Signal<readonly SiteToast[]> = signal([]);

let nextToastId = 1;
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows a toast, replacing the one showing (TOAST_LIMIT). Returns its id. */
export function showToast(toast: { title: string; description: string; variant?: ToastVariant }): number {
  const id = nextToastId++;
  const next: SiteToast = {
    id,
    title: toast.title,
    description: toast.description,
    variant: toast.variant ?? 'default',
    open: true,
  };
  toasts.value = [next, ...toasts.value].slice(0, TOAST_LIMIT);
  return id;
}

/** Closes a toast; it is removed from the queue TOAST_REMOVE_DELAY_MS later. */
export function dismissToast(id: number): void {
  toasts.value = toasts.value.map((toast) => (toast.id === id ? { ...toast, open: false } : toast));
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      toasts.value = toasts.value.filter((toast) => toast.id !== id);
    }, TOAST_REMOVE_DELAY_MS),
  );
}

// ---------------------------------------------------------------------------------------------
// Contact dialog

/** Whom the open contact dialog writes to; `null` while it is closed. */
export const contactRecipient: Signal<Recipient | null> = signal(null);
/** True while the dialog's message is being sent: its buttons are disabled. */
export const contactSending: Signal<boolean> = signal(false);

/** Opens the contact dialog addressed to `recipient`. */
export function openContactDialog(recipient: Recipient): void {
  contactOpening += 1;
  contactRecipient.value = recipient;
}

/**
 * Counts the dialog's openings (and resets of the page's state): a message's answer acts only on the
 * opening it was sent from, never on a dialog opened after a reset.
 */
let contactOpening = 0;

/** Closes the contact dialog and clears its recipient. */
export function closeContactDialog(): void {
  contactRecipient.value = null;
}

/** What the visitor typed into the contact dialog (raw; trimmed here). */
export interface ContactFormInput {
  senderName: string;
  senderEmail: string;
  senderPhone: string;
  subject: string;
  message: string;
}

/** What happened to a contact-dialog submission, so the form knows whether to reset. */
export type ContactOutcome = 'sent' | 'failed' | 'incomplete' | 'busy';

/**
 * Sends the dialog's message to its recipient. A missing name, email or message gives the
 * 'Missing Information' toast and sends nothing; success closes the dialog with 'Message Sent!';
 * failure keeps the dialog (and what was typed) open with the 'Error' toast.
 */
export async function submitContactMessage(input: ContactFormInput): Promise<ContactOutcome> {
  const recipient = contactRecipient.value;
  if (!recipient || contactSending.value) return 'busy';
  const fields: TeamContactFields = {
    senderName: input.senderName.trim(),
    senderEmail: input.senderEmail.trim(),
    message: input.message.trim(),
    recipientId: recipient.id,
    recipientName: recipient.name,
    recipientEmail: recipient.email,
  };
  if (!fields.senderName || !fields.senderEmail || !fields.message) {
    showToast({
      title: 'Missing Information',
      description: 'Please fill in all required fields.',
      variant: 'destructive',
    });
    return 'incomplete';
  }
  const phone = input.senderPhone.trim();
  const subject = input.subject.trim();
  if (phone) fields.senderPhone = phone;
  if (subject) fields.subject = subject;

  contactSending.value = true;
  const opening = contactOpening;
  const stillOpen = () => contactOpening === opening;
  try {
    await postTeamContact(fields);
    if (!stillOpen()) return 'sent';
    batch(() => {
      showToast({
        title: 'Message Sent!',
        description: `Your message has been sent to ${recipient.name}. They'll get back to you soon!`,
      });
      // Only close the dialog that was sent from, not one opened for someone else meanwhile.
      if (contactRecipient.value?.id === recipient.id) closeContactDialog();
    });
    return 'sent';
  } catch {
    if (!stillOpen()) return 'failed';
    showToast({
      title: 'Error',
      description: 'Failed to send message. Please try again or call directly.',
      variant: 'destructive',
    });
    return 'failed';
  } finally {
    if (stillOpen()) contactSending.value = false;
  }
}

// ---------------------------------------------------------------------------------------------
// Newsletter

/** The newsletter form: idle (form), submitting (disabled), subscribed (thank-you panel). */
export type NewsletterStatus = 'idle' | 'submitting' | 'subscribed';

export const newsletterStatus: Signal<NewsletterStatus> = signal('idle');

/**
 * Signs an address up for the newsletter. Without an '@' it shows 'Invalid Email' and sends
 * nothing; success shows the thank-you panel and 'Success!'; failure returns to the form with
 * 'Error'.
 */
export async function subscribeToNewsletter(rawEmail: string): Promise<void> {
  if (newsletterStatus.value !== 'idle') return;
  const email = rawEmail.trim();
  if (!email.includes('@')) {
    showToast({
      title: 'Invalid Email',
      description: 'Please enter a valid email address',
      variant: 'destructive',
    });
    return;
  }
  newsletterStatus.value = 'submitting';
  try {
    await postNewsletterSignUp(email);
    batch(() => {
      newsletterStatus.value = 'subscribed';
      showToast({ title: 'Success!', description: "You've been subscribed to our newsletter." });
    });
  } catch {
    batch(() => {
      newsletterStatus.value = 'idle';
      showToast({
        title: 'Error',
        description: 'Failed to subscribe. Please try again.',
        variant: 'destructive',
      });
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Header and gallery

/** Id of the small-screen navigation menu, a popover opened by the header's Menu button. */
export const MOBILE_MENU_ID = 'site-menu';

/**
 * Closes the small-screen menu. The menu is a popover: the browser keeps whether it is
 * open, so it opens on the first tap even before the app has hydrated (decision 0008).
 */
export function closeMobileMenu(): void {
  if (typeof document === 'undefined') return;
  const menu = document.getElementById(MOBILE_MENU_ID);
  if (menu?.matches(':popover-open')) menu.hidePopover();
}

/** Where a before/after slider starts, in percent of the width shown as 'before'. */
export const COMPARISON_START_PERCENT = 50;

const comparisonPositions = new Map<string, Signal<number>>();

/** The position (0–100 %) of the before/after slider of one gallery item. */
export function comparisonPosition(itemId: string): Signal<number> {
  let position = comparisonPositions.get(itemId);
  if (!position) {
    position = signal(COMPARISON_START_PERCENT);
    comparisonPositions.set(itemId, position);
  }
  return position;
}

/** Moves a slider, clamped to 0–100 and rounded to a whole percent. */
export function setComparisonPosition(itemId: string, percent: number): void {
  const clamped = Math.min(100, Math.max(0, Math.round(percent)));
  comparisonPosition(itemId).value = Number.isFinite(clamped) ? clamped : COMPARISON_START_PERCENT;
}

// ---------------------------------------------------------------------------------------------
// Thank-you page

/** The thank-you page returns to the home page after this long. */
export const THANK_YOU_REDIRECT_MS = 30_000;

/** True once the visitor chose to stay on the thank-you page (WCAG 2.2.1: a time limit can be turned off). */
export const homeRedirectCancelled: Signal<boolean> = signal(false);

export function cancelHomeRedirect(): void {
  homeRedirectCancelled.value = true;
}

/** Puts every piece of state back to its start (tests). */
export function resetSiteState(): void {
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  contactOpening += 1;
  batch(() => {
    toasts.value = [];
    contactRecipient.value = null;
    contactSending.value = false;
    newsletterStatus.value = 'idle';
    homeRedirectCancelled.value = false;
    for (const position of comparisonPositions.values()) position.value = COMPARISON_START_PERCENT;
  });
}
