import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import type { QuoteVisit } from '../../sites/web/src/admin/lib/visit-queries.ts';
import {
  quoteRequestAnswers,
  quoteRequestsAt,
  sophieAccepted,
  sophieWith,
} from './quote-request-fixtures.ts';
import { freshStaffPage, staffScreenParameters } from './staff-story-support.tsx';
import { scheduleSettingsAnswer, sophieSlots, sophieVisit } from './visit-fixtures.ts';

/**
 * A visit marked completed on the request's page — 'Mark as completed' with an optional time it
 * finished — and the completed visit's invoice in Xero: its number once approved there, 'Waiting
 * for Xero' while queued, or why it failed with 'Retry'.
 */
const meta = {
  title: 'Staff/Quote requests/Visit completed',
  component: AdminApp,
  decorators: [freshStaffPage],
  args: { screen: 'quote-requests' },
  parameters: staffScreenParameters,
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

const sophie = sophieWith(sophieAccepted);

/** Sophie's visit, done at 9:40 am on Wednesday 2 December 2026, with this invoice. */
const completedVisit = (invoice: QuoteVisit['invoice']) =>
  sophieVisit({ status: 'completed', completedAt: '2026-12-01T22:40:00.000Z', invoice });

/** Sophie's page (her quote accepted) with this visit. */
function pageWith(visit: QuoteVisit): Partial<Story> {
  return {
    beforeEach: quoteRequestsAt({ quote: sophie.listItem.id }),
    parameters: {
      msw: {
        handlers: [
          http.get('/api/contact/:id/visit', () =>
            HttpResponse.json({ visit, series: null, visits: [visit] }),
          ),
          http.get('/api/contact/:id/slots', () => HttpResponse.json(sophieSlots)),
          scheduleSettingsAnswer,
          ...quoteRequestAnswers(() => [sophie]),
        ],
      },
    },
  };
}

/** The Visit section, once its visit was read. */
async function visitSection(canvasElement: HTMLElement) {
  const heading = await within(canvasElement).findByRole('heading', { level: 2, name: 'Visit' });
  const section = within(heading.closest('section') as HTMLElement);
  await section.findByText('Wednesday 2 December 2026, arriving between 8:00 and 10:00 am');
  return section;
}

/** 'Mark as completed' asks to confirm, with the time it finished when it was not just now. */
export const MarkAsCompleted: Story = {
  ...pageWith(sophieVisit({ invoice: null })),
  play: async ({ canvasElement }) => {
    const section = await visitSection(canvasElement);
    await userEvent.click(section.getByRole('button', { name: 'Mark as completed' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'Mark as completed' }));
    await expect(dialog.getByRole('group', { name: 'Finished at (optional)' })).toBeVisible();
    await expect(dialog.getByLabelText('Date')).toBeVisible();
    await expect(dialog.getByLabelText('Time')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep as booked' })).toBeVisible();
  },
};

/** The same on a 360 px phone. */
export const MarkAsCompletedOnPhone: Story = {
  ...MarkAsCompleted,
  globals: { viewport: { value: 'phone360', isRotated: false } },
};

/** Approved in Xero: the invoice's number. */
export const InvoiceInXero: Story = {
  ...pageWith(completedVisit({ status: 'done', number: 'INV-0042', error: null, jobId: 'job-1' })),
  play: async ({ canvasElement }) => {
    const section = await visitSection(canvasElement);
    await expect(section.getByText('Invoice INV-0042 in Xero')).toBeVisible();
    await expect(section.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Completed',
    );
    await expect(section.queryByRole('button', { name: 'Retry' })).toBeNull();
  },
};

/** Queued for Xero: 'Waiting for Xero' until the worker has written it. */
export const WaitingForXero: Story = {
  ...pageWith(completedVisit({ status: 'waiting', number: null, error: null, jobId: 'job-1' })),
  play: async ({ canvasElement }) => {
    const section = await visitSection(canvasElement);
    await expect(section.getByText('Waiting for Xero')).toBeVisible();
  },
};

/** Xero refused or could not be reached: why, and 'Retry'. */
export const InvoiceFailed: Story = {
  ...pageWith(
    completedVisit({
      status: 'failed',
      number: null,
      error: 'Xero answered 503: Service Unavailable',
      jobId: 'job-1',
    }),
  ),
  play: async ({ canvasElement }) => {
    const section = await visitSection(canvasElement);
    await expect(
      section.getByText('Invoice not in Xero: Xero answered 503: Service Unavailable'),
    ).toBeVisible();
    await expect(section.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/** The failure on a 360 px phone. */
export const InvoiceFailedOnPhone: Story = {
  ...InvoiceFailed,
  globals: { viewport: { value: 'phone360', isRotated: false } },
};
