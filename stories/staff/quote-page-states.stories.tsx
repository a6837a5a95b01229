import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import type { Answer, staffApi } from '../../sites/web/src/admin/lib/staff-api.ts';
import type { FixtureQuote } from './quote-request-fixtures.ts';
import {
  fixtureQuote,
  kate,
  quoteOf,
  quoteRequestAnswers,
  quoteRequestsAt,
} from './quote-request-fixtures.ts';
import { freshStaffPage, staffScreenParameters } from './staff-story-support.tsx';

/**
 * One quote request's page (/admin?quote=<id>), where staff read the customer's answers, call or
 * write to them, move the request along the pipeline and read its history — and the reply composer,
 * which starts from a draft written from the answers.
 */
const meta = {
  title: 'Staff/Quote requests/Quote page',
  component: AdminApp,
  decorators: [freshStaffPage],
  args: { screen: 'quote-requests' },
  parameters: staffScreenParameters,
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The page of the quote `make` builds (rebuilt for each answer, so its reply clock reads the same at
 * any hour), its answers served with the inbox's; `handlers` answer first.
 */
function pageOf(
  make: (now: number) => FixtureQuote,
  ...handlers: ReturnType<typeof http.post>[]
): Partial<Story> {
  return {
    beforeEach: quoteRequestsAt({ quote: make(Date.now()).listItem.id }),
    parameters: { msw: { handlers: [...handlers, ...quoteRequestAnswers((now) => [make(now)])] } },
  };
}

/** The inbox's quote from this customer. */
const from = (name: string) => (now: number) => quoteOf(name, now);

/** A section of the page by its heading. */
async function section(canvasElement: HTMLElement, heading: string | RegExp) {
  const found = (await within(canvasElement).findByRole('heading', { level: 2, name: heading })).closest(
    'section',
  );
  if (!found) throw new Error(`The heading ${heading} is outside a section.`);
  return within(found);
}

/** The value of one answer ('Special requests') in the Answers list. */
async function answerOf(canvasElement: HTMLElement, label: string) {
  const answers = await section(canvasElement, 'Answers');
  return answers.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

const priya = quoteOf('Priya Sharma');

/** A new request with a few hours left to reply: every answer, call and email links, no quote yet. */
export const NewRequest: Story = {
  ...pageOf(from('Priya Sharma')),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { level: 1, name: 'Priya Sharma' })).toHaveFocus();
    await expect(page.getByText('Reply due in 3 h')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Status: New' })).toBeVisible();
    for (const move of ['Mark as Contacted', 'Mark as Quoted', 'Mark as Won', 'Mark as Lost'])
      await expect(page.getByRole('button', { name: move })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Call 0412 345 678' })).toHaveAttribute(
      'href',
      'tel:0412345678',
    );
    await expect(page.getByRole('link', { name: 'Email priya.sharma@example.com.au' })).toBeVisible();
    await expect(await answerOf(canvasElement, 'Bedrooms')).toBe('3');
    await expect(await answerOf(canvasElement, 'Special requests')).toBe(
      'We have a friendly dog; please close the side gate.',
    );
    await expect(await answerOf(canvasElement, 'Source')).toBe('Main site');
    await expect(await answerOf(canvasElement, 'Consent')).toMatch(
      /^Accepted the terms \(version 2025-07\) on /,
    );
    const quote = await section(canvasElement, 'Quote');
    await expect(
      await quote.findByText(
        "No quote yet. 'Prepare Quote' prices this request's answers from the price list.",
      ),
    ).toBeVisible();
    const history = await section(canvasElement, 'History');
    await expect(history.getByText('Quote request received')).toBeVisible();
  },
};

/**
 * The pipeline's buttons lead forward: the moves past the current status are the filled, primary
 * buttons; going back (and anything else) is outlined. A won job has no move forward left.
 */
export const PipelineButtonsLeadForward: Story = {
  ...pageOf(from('Jack Thompson')),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { name: 'Status: Won' })).toBeVisible();
    for (const back of ['Mark as Contacted', 'Mark as Quoted', 'Mark as Lost', 'Reopen'])
      await expect(page.getByRole('button', { name: back })).toHaveClass('button button--outline');
    await expect(page.queryByRole('button', { name: 'Mark as Won' })).toBeNull();
  },
};

/** A contacted request: quoting and winning lead forward; its Quote section is on the first screen. */
export const ContactedRequestLeadsForward: Story = {
  ...pageOf(from('Liam Walsh')),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { name: 'Status: Contacted' })).toBeVisible();
    for (const forward of ['Mark as Quoted', 'Mark as Won'])
      await expect(page.getByRole('button', { name: forward })).toHaveClass('button');
    await expect(page.queryByRole('button', { name: 'Mark as Contacted' })).toBeNull();
    // The quote comes before the contact details and the answers.
    const headings = page.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    await expect(headings.slice(0, 4)).toEqual(['Status: Contacted', 'Quote', 'Contact', 'Answers']);
  },
};

/** A request well along: its history tells the whole story, oldest first, with who did what. */
export const WithHistory: Story = {
  ...pageOf(from('Sophie Chen')),
  play: async ({ canvasElement }) => {
    const history = await section(canvasElement, 'History');
    const entries = history.getAllByRole('listitem').map((entry) => entry.textContent);
    await expect(entries[0]).toMatch(/^Quote request received 14\/03\/2026 at 4:20 PM/);
    await expect(entries[1]).toMatch(/^New → Contacted by Kate/);
    await expect(entries[2]).toContain('Note by Kate');
    await expect(
      history.getByText(
        'Called Sophie: 90 cm Westinghouse, the rangehood filters need soaking. Home Thursday after 10.',
      ),
    ).toBeVisible();
    await expect(
      history.getByText('Reply sent: Re: We received your quote request (CQ-B7FX2NRJ)'),
    ).toBeVisible();
    await expect(entries[4]).toMatch(/^Quote sent, \$294\.00 incl\. GST by Kate/);
    await expect(entries[5]).toMatch(/^Contacted → Quoted by Kate/);
    // A reply's text is behind its disclosure until staff open it.
    const reply = history.getByText('Read the reply');
    await expect(history.getByText(/Your priced quote follows by email today/)).not.toBeVisible();
    await userEvent.click(reply);
    await expect(history.getByText(/Your priced quote follows by email today/)).toBeVisible();
  },
};

/** The customer asked before: links to their earlier requests, for the price and notes given then. */
export const ReturningCustomer: Story = {
  ...pageOf(() =>
    fixtureQuote(
      'liam',
      {
        id: '0195a3c2-7d41-7e2b-9c11-4f8a2b6d0e04',
        reference: 'CQ-W2MD6KTC',
        createdAt: '2026-03-15T08:02:00.000Z',
        status: 'contacted',
        suburb: 'Brunswick East',
        returning: true,
        firstResponseAt: '2026-03-15T21:30:00.000Z',
      },
      {
        earlierQuotes: [
          {
            id: '0195a3c2-7d41-7e2b-9c11-4f8a2b6d0d90',
            reference: 'CQ-M5TX8RKB',
            createdAt: '2025-09-02T01:10:00.000Z',
            service: 'end-of-lease',
            status: 'won',
          },
        ],
      },
    ),
  ),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('Returning customer')).toBeVisible();
    const earlier = await section(canvasElement, 'Earlier requests from this customer');
    await expect(
      earlier.getByRole('link', { name: 'CQ-M5TX8RKB · End of Lease Cleaning · 02/09/2025 at 11:10 AM' }),
    ).toBeVisible();
    await expect(earlier.getByText('(Won)')).toBeVisible();
  },
};

/** A case manager asked on a client's behalf: their details and whether they want updates by email. */
export const CaseManagerRequest: Story = {
  ...pageOf(from("Margaret O'Brien")),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: "Margaret O'Brien" });
    await expect(await answerOf(canvasElement, 'NDIS client')).toBe('Case manager');
    await expect(await answerOf(canvasElement, 'Case manager')).toBe('Daniel Fraser');
    await expect(await answerOf(canvasElement, 'Case manager phone')).toBe('03 9482 6610');
    await expect(await answerOf(canvasElement, 'Case manager email')).toBe(
      'daniel.fraser@northsidesupport.org.au',
    );
    await expect(await answerOf(canvasElement, 'Case manager organisation')).toBe(
      'Northside Support Coordination',
    );
    await expect(await answerOf(canvasElement, 'Case manager updates')).toBe('Yes, by email');
  },
};

/** Sent through a partner's site: the partner's name and its reference beside the request's own. */
export const PartnerRequest: Story = {
  ...pageOf(from("Margaret O'Brien")),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await page.findByRole('heading', { level: 1, name: "Margaret O'Brien" });
    await expect(
      await page.findByText(
        /^Reference CQ-H4NB8QZE · received 16\/03\/2026 at 11:15 AM · Northside Support Coordination/,
      ),
    ).toBeVisible();
    await expect(await answerOf(canvasElement, 'Source')).toBe(
      'Northside Support Coordination · ref NSC-20417',
    );
  },
};

/** A link to a request that does not exist (mistyped, or from another install). */
export const NotFound: Story = {
  beforeEach: quoteRequestsAt({ quote: '0195a3c2-0000-7000-8000-000000000000' }),
  parameters: { msw: { handlers: quoteRequestAnswers() } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { name: 'Quote request not found' })).toBeVisible();
    await expect(
      page.getByText('There is no quote request with this link. It may have been mistyped.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: '← Back to quote requests' })).toHaveAttribute(
      'href',
      '/admin',
    );
  },
};

/** The request is on its way from the server. */
export const Loading: Story = {
  beforeEach: quoteRequestsAt({ quote: priya.listItem.id }),
  parameters: {
    msw: {
      handlers: [
        http.get('/api/contact/:id', async () => {
          await delay('infinite');
          return HttpResponse.json(priya.detail);
        }),
        ...quoteRequestAnswers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading quote request…')).toBeVisible();
  },
};

/** Opens the reply composer and waits for it. */
async function openComposer(canvasElement: HTMLElement) {
  const page = within(canvasElement);
  await userEvent.click(await page.findByRole('button', { name: 'Reply' }));
  const composer = await page.findByRole('form', { name: 'Reply to Priya Sharma' });
  return within(composer);
}

/** 'Reply' opens a composer filled from the answers; staff put in the price and send. */
export const ReplyComposer: Story = {
  ...pageOf(from('Priya Sharma')),
  play: async ({ canvasElement }) => {
    const composer = await openComposer(canvasElement);
    await expect(
      composer.getByText('To priya.sharma@example.com.au, threaded under the confirmation they received.'),
    ).toBeVisible();
    await expect(composer.getByRole('textbox', { name: 'Subject' })).toHaveValue(
      'Re: We received your quote request (CQ-7KX4M2QH)',
    );
    await expect(composer.getByRole('textbox', { name: 'Subject' })).toHaveFocus();
    const draft = (composer.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value;
    await expect(draft).toMatch(
      /^Hi Priya,\n\nThank you for asking .+ to quote for your clean in South Yarra/,
    );
    await expect(draft).toContain('Our quote for this clean is $[amount], including GST.');
    await expect(composer.getByRole('button', { name: 'Send' })).toBeVisible();
    await expect(composer.getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
};

/** An empty subject: the composer says what is missing and sends nothing (no request is answered here). */
export const ReplyMissingSubject: Story = {
  ...pageOf(from('Priya Sharma')),
  play: async ({ canvasElement }) => {
    const composer = await openComposer(canvasElement);
    const subject = composer.getByRole('textbox', { name: 'Subject' });
    await userEvent.clear(subject);
    await userEvent.click(composer.getByRole('button', { name: 'Send' }));
    await expect(await composer.findByText('Please enter a subject')).toBeVisible();
    await expect(subject).toHaveAttribute('aria-invalid', 'true');
    await expect(subject).toHaveFocus();
  },
};

/** The reply is on its way to the server: the button says Sending... */
export const ReplySending: Story = {
  ...pageOf(
    from('Priya Sharma'),
    http.post('/api/contact/:id/reply', async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),
  ),
  play: async ({ canvasElement }) => {
    const composer = await openComposer(canvasElement);
    await userEvent.click(composer.getByRole('button', { name: 'Send' }));
    await expect(await composer.findByRole('button', { name: 'Sending...' })).toBeVisible();
  },
};

/** The server could not take the reply: staff are told, and the composer keeps what they wrote. */
export const ReplyFailed: Story = {
  ...pageOf(
    from('Priya Sharma'),
    http.post('/api/contact/:id/reply', ({ requestId }) =>
      HttpResponse.json(
        { error: 'The database is busy. Please try again in a moment.', requestId },
        { status: 503 },
      ),
    ),
  ),
  play: async ({ canvasElement }) => {
    const composer = await openComposer(canvasElement);
    await userEvent.click(composer.getByRole('button', { name: 'Send' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText('Reply Not Sent')).toBeVisible();
    await expect(body.getByText('The database is busy. Please try again in a moment.')).toBeVisible();
    await expect(composer.getByRole('button', { name: 'Send' })).toBeVisible();
    await expect(composer.getByRole('textbox', { name: 'Subject' })).toHaveValue(
      'Re: We received your quote request (CQ-7KX4M2QH)',
    );
  },
};

/**
 * Priya's request, which a reply answers: the server queues the mail, records it in the history and
 * marks the new request contacted.
 */
function replyWorld() {
  let reply: { subject: string; message: string; at: string } | null = null;
  const answered = (quote: FixtureQuote): FixtureQuote => {
    if (!reply) return quote;
    const { subject, message, at } = reply;
    const moved = { status: 'contacted', firstResponseAt: at, statusChangedAt: at } as const;
    return {
      ...quote,
      listItem: { ...quote.listItem, ...moved },
      detail: {
        ...quote.detail,
        ...moved,
        history: [
          ...quote.detail.history,
          { id: 'h-reply', at, kind: 'reply', actor: kate, subject, text: message, mailId: 'm-reply' },
          { id: 'h-replied', at, kind: 'status', actor: kate, from: 'new', to: 'contacted' },
        ],
      },
    };
  };
  return {
    reset: () => {
      reply = null;
    },
    handlers: [
      http.post('/api/contact/:id/reply', async ({ request }) => {
        const { subject, message } = (await request.json()) as { subject: string; message: string };
        reply = { subject, message, at: new Date().toISOString() };
        return HttpResponse.json(
          {
            mailId: 'm-reply',
            entry: {
              id: 'h-reply',
              at: reply.at,
              kind: 'reply',
              actor: kate,
              subject,
              text: message,
              mailId: 'm-reply',
            },
          } satisfies Answer<(typeof staffApi.contact)[':id']['reply']['$post']>,
          { status: 202 },
        );
      }),
      ...quoteRequestAnswers((now) => [answered(quoteOf('Priya Sharma', now))]),
    ],
  };
}

const replying = replyWorld();

/** Staff write the price into the draft and send: the composer closes, the reply joins the history. */
export const ReplySent: Story = {
  beforeEach: async () => {
    replying.reset();
    return quoteRequestsAt({ quote: priya.listItem.id })();
  },
  parameters: { msw: { handlers: replying.handlers } },
  play: async ({ canvasElement }) => {
    const composer = await openComposer(canvasElement);
    const message = composer.getByRole('textbox', { name: 'Message' });
    await userEvent.clear(message);
    await userEvent.type(
      message,
      'Hi Priya,{enter}{enter}Our quote for the fortnightly clean is $185.00, including GST.{enter}{enter}Kind regards,{enter}Kate',
    );
    await userEvent.click(composer.getByRole('button', { name: 'Send' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText('Reply Sent')).toBeVisible();
    await expect(body.getByText('Your reply to priya.sharma@example.com.au is on its way.')).toBeVisible();
    const history = await section(canvasElement, 'History');
    await expect(
      await history.findByText('Reply sent: Re: We received your quote request (CQ-7KX4M2QH)'),
    ).toBeVisible();
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Status: Contacted' }),
    ).toBeVisible();
    await expect(within(canvasElement).queryByRole('form', { name: 'Reply to Priya Sharma' })).toBeNull();
  },
};

/** 'Mark as Lost' asks why before anything is saved. */
export const MarkAsLostAsksWhy: Story = {
  ...pageOf(from('Priya Sharma')),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.click(await page.findByRole('button', { name: 'Mark as Lost' }));
    const dialog = within(
      await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Mark as Lost' }),
    );
    await expect(dialog.getByText('Why was this quote lost?')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Other' })).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Mark as Lost' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Please give a reason the quote was lost',
    );
  },
};
