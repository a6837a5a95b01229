import { business } from '@cleanquote/content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import type { OutboxMail } from '../../sites/web/src/admin/email-test/email-test-queries.ts';
import type { Answer, staffApi } from '../../sites/web/src/admin/lib/staff-api.ts';
import { quoteRequestsAt } from './quote-request-fixtures.ts';
import { freshStaffPage, signedIn, staffScreenParameters } from './staff-story-support.tsx';

/**
 * The Mail log on the Email Test screen (/email-test), where staff check what the site sent, is
 * still sending, gave up on or — without an SMTP server — captured instead of sending, read any
 * mail's text and queue a dead letter again.
 */
const meta = {
  title: 'Staff/Email tools/Mail log',
  component: AdminApp,
  decorators: [freshStaffPage],
  beforeEach: quoteRequestsAt(),
  args: { screen: 'email-test' },
  parameters: staffScreenParameters,
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The confirmation Priya received, as the site wrote it. */
const autoResponseText = [
  'Hi Priya,',
  `Thank you for your quote request (reference CQ-7KX4M2QH). We reply within 24 hours, usually much sooner.`,
  `Kind regards,\n${business.name}\n${business.phone}`,
].join('\n\n');

/** Mail of every status, newest first, as GET /api/admin/outbox lists it. */
const mails = {
  scheduled: {
    id: '0195a3d0-1c2e-7a4f-9b10-6e2d4c8a1f00',
    kind: 'visit-reminder',
    messageId: '<0195a3d0-1c2e-7a4f-9b10-6e2d4c8a1f00@sparkleclean.example>',
    subject: 'Reminder: your clean is tomorrow, Thursday 19 March 2026, arriving between 8:00 and 10:00 am',
    status: 'scheduled',
    attempts: 0,
    nextAttemptAt: '2026-03-17T21:00:00.000Z',
    sendAfter: '2026-03-17T21:00:00.000Z',
    lastError: null,
    sentAt: null,
    createdAt: '2026-03-17T01:46:00.000Z',
    to: 'priya@example.com',
    text: 'Hi Priya,\n\nA reminder of your regular cleaning at 12 Chapel St, South Yarra.',
  },
  queued: {
    id: '0195a3d0-1c2e-7a4f-9b10-6e2d4c8a1f01',
    kind: 'quote-notification',
    messageId: '<0195a3d0-1c2e-7a4f-9b10-6e2d4c8a1f01@sparkleclean.example>',
    subject: 'New quote request from Priya Sharma (Regular Cleaning, South Yarra)',
    status: 'queued',
    attempts: 0,
    nextAttemptAt: '2026-03-17T01:45:00.000Z',
    sendAfter: null,
    lastError: null,
    sentAt: null,
    createdAt: '2026-03-17T01:45:00.000Z',
    to: 'bookings@sparkleclean.example',
    text: 'A new quote request arrived: Priya Sharma, Regular Cleaning in South Yarra. Reference CQ-7KX4M2QH.',
  },
  retrying: {
    id: '0195a3d0-1c2e-7a4f-9b10-6e2d4c8a1f02',
    kind: 'quote-auto-response',
    messageId: '<0195a3d0-1c2e-7a4f-9b10-6e2d4c8a1f02@sparkleclean.example>',
    subject: 'We received your quote request (CQ-7KX4M2QH)',
    status: 'queued',
    attempts: 2,
    nextAttemptAt: '2026-03-17T01:52:00.000Z',
    sendAfter: null,
    lastError: '421 4.7.0 Try again later, closing connection',
    sentAt: null,
    createdAt: '2026-03-17T01:44:00.000Z',
    to: 'priya.sharma@example.com.au',
    text: autoResponseText,
  },
  sending: {
    id: '0195a3d0-1c2e-7a4f-9b10-6e2d4c8a1f03',
    kind: 'quote-reply',
    messageId: '<0195a3d0-1c2e-7a4f-9b10-6e2d4c8a1f03@sparkleclean.example>',
    subject: 'Re: We received your quote request (CQ-W2MD6KTC)',
    status: 'sending',
    attempts: 1,
    nextAttemptAt: '2026-03-17T01:40:00.000Z',
    sendAfter: null,
    lastError: null,
    sentAt: null,
    createdAt: '2026-03-17T01:40:00.000Z',
    to: 'liam.walsh@example.com',
    text: 'Hi Liam,\n\nOur quote for the carpet clean is $260.00, including GST.\n\nKind regards,\nKate',
  },
  sent: {
    id: '0195a3d0-1c2e-7a4f-9b10-6e2d4c8a1f04',
    kind: 'team-contact',
    messageId: '<0195a3d0-1c2e-7a4f-9b10-6e2d4c8a1f04@sparkleclean.example>',
    subject: 'Message from the website: Can you clean after a renovation?',
    status: 'sent',
    attempts: 1,
    nextAttemptAt: '2026-03-16T23:05:00.000Z',
    sendAfter: null,
    lastError: null,
    sentAt: '2026-03-16T23:05:02.000Z',
    createdAt: '2026-03-16T23:05:00.000Z',
    to: 'bookings@sparkleclean.example',
    text: 'From: Nina Petrovic <nina.p@example.com>\n\nWe are finishing a kitchen renovation in Carlton. Can you do a builders clean next week?',
  },
  dead: {
    id: '0195a3d0-1c2e-7a4f-9b10-6e2d4c8a1f05',
    kind: 'quote-auto-response',
    messageId: '<0195a3d0-1c2e-7a4f-9b10-6e2d4c8a1f05@sparkleclean.example>',
    subject: 'We received your quote request (CQ-P9RT3VWA)',
    status: 'dead',
    attempts: 8,
    nextAttemptAt: '2026-03-16T10:00:00.000Z',
    sendAfter: null,
    lastError: '550 5.1.1 <tom.nguyen@example.con>: Recipient address rejected: User unknown',
    sentAt: null,
    createdAt: '2026-03-15T22:30:00.000Z',
    to: 'tom.nguyen@example.con',
    text: null,
  },
  captured: {
    id: '0195a3d0-1c2e-7a4f-9b10-6e2d4c8a1f06',
    kind: 'newsletter-confirmation',
    messageId: '<0195a3d0-1c2e-7a4f-9b10-6e2d4c8a1f06@sparkleclean.example>',
    subject: `Confirm your subscription to ${business.name}`,
    status: 'captured',
    attempts: 0,
    nextAttemptAt: '2026-03-15T09:12:00.000Z',
    sendAfter: null,
    lastError: null,
    sentAt: null,
    createdAt: '2026-03-15T09:12:00.000Z',
    to: 'jo.bennett@example.com',
    text: 'Please confirm your subscription: [link sent to the customer]',
  },
} satisfies Record<string, OutboxMail>;

/** GET /api/admin/outbox answering with `log`, filtered by `?status=` as the server filters. */
function outboxAnswer(log: OutboxMail[]) {
  return http.get('/api/admin/outbox', ({ request }) => {
    const status = new URL(request.url).searchParams.get('status');
    return HttpResponse.json(status ? log.filter((mail) => mail.status === status) : log);
  });
}

/** The Email Test screen with the Mail log holding `log`. */
function logOf(...log: OutboxMail[]) {
  return { msw: { handlers: [signedIn, outboxAnswer(log)] } };
}

/** The entry of the mail with this subject, once the log shows it. */
async function entryOf(canvasElement: HTMLElement, subject: string) {
  const heading = await within(canvasElement).findByRole('heading', { level: 3, name: subject });
  const entry = heading.closest('li');
  if (!entry) throw new Error(`The mail ${subject} is outside an entry.`);
  return within(entry);
}

/**
 * The Retry button of the mail to `to`: its name is 'Retry mail to …' in the browser; Testing
 * Library joins the visually hidden part without the space, hence the optional one.
 */
const retryName = (to: string) => new RegExp(`^Retry ?mail to ${to.replaceAll('.', '\\.')}$`);

/** The value of one fact ('Status', 'Last error') of an entry. */
function factOf(entry: ReturnType<typeof within>, term: string) {
  return entry.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

/** A day's mail of every status at once, newest first. */
export const EveryStatus: Story = {
  parameters: logOf(mails.queued, mails.retrying, mails.sending, mails.sent, mails.dead, mails.captured),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('Showing 6 mails, newest first.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Mail log' })).toBeVisible();
    await expect(page.getAllByRole('heading', { level: 3 })).toHaveLength(6);
  },
};

/** Waiting for the delivery worker: queued, with when it will be tried. */
export const Queued: Story = {
  parameters: logOf(mails.queued),
  play: async ({ canvasElement }) => {
    const entry = await entryOf(canvasElement, mails.queued.subject);
    await expect(factOf(entry, 'Status')).toBe('queued');
    await expect(factOf(entry, 'To')).toBe('bookings@sparkleclean.example');
    await expect(factOf(entry, 'Kind')).toBe('Quote notification (to the business)');
    await expect(factOf(entry, 'Next attempt')).toBe('17/03/2026 at 12:45 PM');
    await expect(entry.queryByText('Last error')).toBeNull();
  },
};

/** A visit's reminder, waiting in the outbox for its day: 24 hours before the window. */
export const ScheduledReminder: Story = {
  parameters: logOf(mails.scheduled),
  play: async ({ canvasElement }) => {
    const entry = await entryOf(canvasElement, mails.scheduled.subject);
    await expect(factOf(entry, 'Status')).toBe('Scheduled for 18/03/2026 8:00 AM');
    await expect(factOf(entry, 'Kind')).toBe('Visit reminder (to the client)');
    await expect(entry.queryByText('Next attempt')).toBeNull();
  },
};

/** The mail server asked to try later: still queued, its attempts, last error and next try shown. */
export const Retrying: Story = {
  parameters: logOf(mails.retrying),
  play: async ({ canvasElement }) => {
    const entry = await entryOf(canvasElement, mails.retrying.subject);
    await expect(factOf(entry, 'Status')).toBe('queued');
    await expect(factOf(entry, 'Attempts')).toBe('2');
    await expect(factOf(entry, 'Last error')).toBe('421 4.7.0 Try again later, closing connection');
    await expect(factOf(entry, 'Next attempt')).toBe('17/03/2026 at 12:52 PM');
    await expect(factOf(entry, 'Kind')).toBe('Quote auto-response (to the client)');
  },
};

/** Handed to the mail server right now. */
export const Sending: Story = {
  parameters: logOf(mails.sending),
  play: async ({ canvasElement }) => {
    const entry = await entryOf(canvasElement, mails.sending.subject);
    await expect(factOf(entry, 'Status')).toBe('sending');
    // The kind in the owner's words, never its code.
    await expect(factOf(entry, 'Kind')).toBe('Reply to a quote request (to the client)');
  },
};

/** Delivered: when it went. */
export const Sent: Story = {
  parameters: logOf(mails.sent),
  play: async ({ canvasElement }) => {
    const entry = await entryOf(canvasElement, mails.sent.subject);
    await expect(factOf(entry, 'Status')).toBe('sent');
    await expect(factOf(entry, 'Sent')).toBe('17/03/2026 at 10:05 AM');
    await expect(factOf(entry, 'Kind')).toBe('Team contact message');
  },
};

/** Given up after its retries: the last error says why, and 'Retry' queues it again. */
export const DeadLetter: Story = {
  parameters: logOf(mails.dead),
  play: async ({ canvasElement }) => {
    const entry = await entryOf(canvasElement, mails.dead.subject);
    await expect(factOf(entry, 'Status')).toBe('dead');
    await expect(factOf(entry, 'Attempts')).toBe('8');
    await expect(factOf(entry, 'Last error')).toBe(
      '550 5.1.1 <tom.nguyen@example.con>: Recipient address rejected: User unknown',
    );
    await expect(entry.getByRole('button', { name: retryName('tom.nguyen@example.con') })).toBeVisible();
  },
};

/** Without an SMTP server the mail is captured here, readable, never sent. */
export const Captured: Story = {
  parameters: logOf(mails.captured),
  play: async ({ canvasElement }) => {
    const entry = await entryOf(canvasElement, mails.captured.subject);
    await expect(factOf(entry, 'Status')).toBe('captured');
    await expect(factOf(entry, 'Kind')).toBe('Newsletter confirmation');
    await expect(entry.queryByRole('button', { name: /^Retry/ })).toBeNull();
  },
};

/** 'Read mail to …' opens the mail's text, as the customer received it. */
export const ReadingAMail: Story = {
  parameters: logOf(mails.retrying),
  play: async ({ canvasElement }) => {
    const entry = await entryOf(canvasElement, mails.retrying.subject);
    const text = entry.getByText(/Thank you for your quote request \(reference CQ-7KX4M2QH\)/);
    await expect(text).not.toBeVisible();
    await userEvent.click(entry.getByText('Read mail to priya.sharma@example.com.au'));
    await expect(text).toBeVisible();
    await expect(text.textContent).toBe(autoResponseText);
  },
};

/** A mail whose text was not kept: the disclosure says so instead of opening on nothing. */
export const MailWithoutText: Story = {
  parameters: logOf(mails.dead),
  play: async ({ canvasElement }) => {
    const entry = await entryOf(canvasElement, mails.dead.subject);
    await userEvent.click(entry.getByText('Read mail to tom.nguyen@example.con'));
    await expect(entry.getByText('No text was stored for this mail.')).toBeVisible();
  },
};

/** Arriving from the dashboard's Dead letters count: only the dead letters. */
export const DeadLettersOnly: Story = {
  beforeEach: quoteRequestsAt({ status: 'dead' }),
  parameters: logOf(mails.queued, mails.retrying, mails.sent, mails.dead, mails.captured),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('Showing 1 dead mail, newest first.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('dead');
  },
};

/** 'Retry' on a dead letter: the server queues it again and the log shows it queued. */
export const DeadLetterRetried: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post('/api/admin/outbox/:id/retry', ({ params }) =>
          HttpResponse.json({ id: String(params.id), status: 'queued' } satisfies Answer<
            (typeof staffApi.admin.outbox)[':id']['retry']['$post']
          >),
        ),
        ...logOf(mails.dead).msw.handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const entry = await entryOf(canvasElement, mails.dead.subject);
    await userEvent.click(entry.getByRole('button', { name: retryName('tom.nguyen@example.con') }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText('Mail queued again')).toBeVisible();
    await expect(
      body.getByText('The mail to tom.nguyen@example.con will be sent again shortly.'),
    ).toBeVisible();
    await expect(factOf(entry, 'Status')).toBe('queued');
    await expect(entry.queryByRole('button', { name: /^Retry/ })).toBeNull();
  },
};

/** A new install before any mail. */
export const EmptyLog: Story = {
  parameters: logOf(),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('No mail has been sent or captured yet.'),
    ).toBeVisible();
  },
};

/** Mail carries customers' details, so the log asks for the quote-dashboard password first. */
export const Locked: Story = {
  parameters: {
    msw: {
      handlers: [
        signedIn,
        http.get('/api/admin/outbox', ({ requestId }) =>
          HttpResponse.json(
            { error: 'The quote dashboard is locked.', locked: true, requestId },
            { status: 403 },
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { name: 'Quote dashboard locked' })).toBeVisible();
    await expect(
      page.getByText(
        "Enter the quote dashboard password to see the mail log (mail carries customers' details). It unlocks this session only.",
      ),
    ).toBeVisible();
  },
};
