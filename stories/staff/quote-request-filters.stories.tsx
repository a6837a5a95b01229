import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import type { Answer, staffApi } from '../../sites/web/src/admin/lib/staff-api.ts';
import { fixtureQuoteRequests, quoteRequestAnswers, quoteRequestsAt } from './quote-request-fixtures.ts';
import { freshStaffPage, signedIn, staffScreenParameters } from './staff-story-support.tsx';

/**
 * How staff narrow the quote inbox (/admin): search, status, service, source, returning customers,
 * quotes awaiting the customer and the reply-due order — kept in the page's address so a view can be
 * shared — and what the inbox says when it is loading, empty or locked behind the quote-dashboard
 * password.
 */
const meta = {
  title: 'Staff/Quote requests/Filters',
  component: AdminApp,
  decorators: [freshStaffPage],
  beforeEach: quoteRequestsAt(),
  args: { screen: 'quote-requests' },
  parameters: { ...staffScreenParameters, msw: { handlers: quoteRequestAnswers() } },
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The names of the customers the list shows, in its order. */
function shownCustomers(canvasElement: HTMLElement): string[] {
  return [...canvasElement.querySelectorAll('.quote-row__name')].map((link) => link.textContent ?? '');
}

/** Choosing a status narrows the list to it at once, and 'Clear filters' appears. */
export const FilteredByStatus: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await page.findByText('Showing 7 quote requests, newest first');
    await userEvent.selectOptions(page.getByLabelText('Status'), 'won');
    await expect(await page.findByText('Showing 1 quote request, newest first')).toBeVisible();
    await expect(shownCustomers(canvasElement)).toEqual(['Jack Thompson']);
    await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
    await expect(new URLSearchParams(window.location.search).get('status')).toBe('won');
  },
};

/** Typing a suburb finds the request once typing pauses. */
export const Searched: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await page.findByText('Showing 7 quote requests, newest first');
    await userEvent.type(page.getByRole('searchbox', { name: 'Search' }), 'Brunswick');
    await expect(await page.findByText('Showing 1 quote request, newest first')).toBeVisible();
    await expect(shownCustomers(canvasElement)).toEqual(['Liam Walsh']);
  },
};

/** Arriving from the dashboard's 'Quotes awaiting an answer': the priced quotes the customer has not answered. */
export const AwaitingCustomer: Story = {
  beforeEach: quoteRequestsAt({ awaiting: 'customer' }),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('Showing 1 quote request, newest first')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Awaiting customer' })).toBeChecked();
    await expect(shownCustomers(canvasElement)).toEqual(['Sophie Chen']);
  },
};

/** Only customers who asked before: the ones worth a call about a regular booking. */
export const ReturningCustomersOnly: Story = {
  beforeEach: quoteRequestsAt({ returning: '1' }),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('Showing 1 quote request, newest first')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Returning customers only' })).toBeChecked();
    await expect(shownCustomers(canvasElement)).toEqual(['Liam Walsh']);
  },
};

/** One partner's requests, the partner named in the Source filter. */
export const FromOnePartner: Story = {
  beforeEach: quoteRequestsAt({ source: 'partner:northside-support' }),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('Showing 1 quote request, newest first')).toBeVisible();
    await expect(
      await page.findByRole('option', { name: 'Northside Support Coordination', selected: true }),
    ).toBeInTheDocument();
    await expect(shownCustomers(canvasElement)).toEqual(["Margaret O'Brien"]);
  },
};

/** Sorted by reply due: the requests closest to breaking the 24-hour promise first. */
export const SortedByReplyDue: Story = {
  beforeEach: quoteRequestsAt({ sort: 'reply-due', status: 'new' }),
  parameters: {
    msw: {
      handlers: quoteRequestAnswers((now) =>
        // The server orders by reply due: the oldest new request first.
        fixtureQuoteRequests(now).sort((a, b) => a.listItem.replyDueAt.localeCompare(b.listItem.replyDueAt)),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('Showing 2 quote requests, by reply due')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sort by reply due' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(shownCustomers(canvasElement)).toEqual(['Tom Nguyen', 'Priya Sharma']);
  },
};

/** A filter nothing matches: the list says so instead of looking empty. */
export const NoMatches: Story = {
  beforeEach: quoteRequestsAt({ service: 'oven-clean', status: 'won' }),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('No quote requests match these filters.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
  },
};

/** A new business before its first request. */
export const NoQuoteRequests: Story = {
  parameters: { msw: { handlers: quoteRequestAnswers(() => []) } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('No quote requests yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/contact.csv');
  },
};

/** The list is on its way from the server. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('/api/contact', async () => {
          await delay('infinite');
          return HttpResponse.json([]);
        }),
        ...quoteRequestAnswers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('Loading quote requests…')).toBeVisible();
  },
};

/**
 * The quote dashboard has a password and this session has not given it: the inbox asks for it
 * before showing any customer's details; once it is accepted, the requests appear.
 */
function lockedWorld() {
  let unlocked = false;
  const open = quoteRequestAnswers();
  return {
    reset: () => {
      unlocked = false;
    },
    handlers: [
      http.post('/api/admin/unlock', async ({ request, requestId }) => {
        const { password } = (await request.json()) as { password: string };
        if (password !== 'spotless-2026')
          return HttpResponse.json({ error: 'Incorrect password', requestId }, { status: 401 });
        unlocked = true;
        return HttpResponse.json({ unlocked: true } satisfies Answer<typeof staffApi.admin.unlock.$post>);
      }),
      http.get('/api/contact', ({ requestId }) =>
        unlocked
          ? undefined
          : HttpResponse.json(
              { error: 'The quote dashboard is locked.', locked: true, requestId },
              { status: 403 },
            ),
      ),
      signedIn,
      ...open,
    ],
  };
}

const locked = lockedWorld();

/** Locked: the password form in place of the list, saying what it opens. */
export const Locked: Story = {
  beforeEach: locked.reset,
  parameters: { msw: { handlers: locked.handlers } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { name: 'Quote dashboard locked' })).toBeVisible();
    await expect(
      page.getByText(
        'Enter the quote dashboard password to see quote requests. It unlocks this session only.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Quote Requests' })).toBeVisible();
    await expect(page.queryByText(/Showing \d+ quote requests?/)).toBeNull();
  },
};

/** A wrong password: the form says so and keeps the list closed. */
export const LockedWrongPassword: Story = {
  beforeEach: locked.reset,
  parameters: { msw: { handlers: locked.handlers } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.type(await page.findByLabelText('Password'), 'sparkle');
    await userEvent.click(page.getByRole('button', { name: 'Unlock' }));
    await expect(await page.findByRole('alert')).toHaveTextContent('Incorrect password');
    await expect(page.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The right password: the list of requests appears in the form's place. */
export const Unlocked: Story = {
  beforeEach: locked.reset,
  parameters: { msw: { handlers: locked.handlers } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.type(await page.findByLabelText('Password'), 'spotless-2026');
    await userEvent.click(page.getByRole('button', { name: 'Unlock' }));
    await expect(await page.findByText('Showing 7 quote requests, newest first')).toBeVisible();
    await expect(page.queryByRole('heading', { name: 'Quote dashboard locked' })).toBeNull();
  },
};
