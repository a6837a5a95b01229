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
 * The Visit section of a request's page, where staff book the clean for a customer on the phone,
 * move it, cancel it or mark it done: from the times the customer would be offered, or any date,
 * time and team — a time the customer's rules would not give only after staff confirm the clash.
 */
const meta = {
  title: 'Staff/Quote requests/Visit',
  component: AdminApp,
  decorators: [freshStaffPage],
  args: { screen: 'quote-requests' },
  parameters: staffScreenParameters,
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

const sophie = sophieWith(sophieAccepted);

/** Sophie's page (her quote accepted) with this visit; `handlers` answer before the inbox's. */
function pageWith(visit: QuoteVisit | null, ...handlers: ReturnType<typeof http.post>[]): Partial<Story> {
  return {
    beforeEach: quoteRequestsAt({ quote: sophie.listItem.id }),
    parameters: {
      msw: {
        handlers: [
          ...handlers,
          http.get('/api/contact/:id/visit', () => HttpResponse.json({ visit })),
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
  await section.findByRole('button', { name: /^(Book a visit|Move visit)$/ });
  return section;
}

/** Nothing booked yet: 'Book a visit' lists the times the customer would be offered, by day, and any other. */
export const NoneBookedWithTimesOffered: Story = {
  ...pageWith(null),
  play: async ({ canvasElement }) => {
    const section = await visitSection(canvasElement);
    await expect(section.getByText('No visit booked yet.')).toBeVisible();
    await userEvent.click(section.getByRole('button', { name: 'Book a visit' }));
    const form = within(section.getByRole('form', { name: 'Book a visit' }));
    await expect(form.getByRole('heading', { name: 'Book a visit' })).toHaveFocus();
    const wednesday = within(await form.findByRole('group', { name: 'Wednesday 2 December' }));
    await expect(
      form.getByText(/^The times the customer would be offered for a 1 h 30 min clean\./),
    ).toBeVisible();
    await expect(wednesday.getAllByRole('radio')).toHaveLength(3);
    await expect(wednesday.getByRole('radio', { name: 'Arrive 2:00–4:00 pm' })).toBeVisible();
    await expect(form.getByRole('group', { name: 'Thursday 3 December' })).toBeVisible();
    await expect(form.getByRole('group', { name: 'Saturday 5 December' })).toBeVisible();
    await userEvent.click(form.getByRole('radio', { name: 'Another date and time' }));
    await expect(form.getByLabelText('Date')).toBeVisible();
    await expect(form.getByLabelText('Arrival from (Melbourne time)')).toBeVisible();
    const team = form.getByLabelText('Team');
    await expect([...(team as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'First free team',
      'Team 1',
      'Team 2',
    ]);
  },
};

/** Booked: when the team arrives, which team, the status, and what staff can do with it. */
export const Booked: Story = {
  ...pageWith(sophieVisit()),
  play: async ({ canvasElement }) => {
    const section = await visitSection(canvasElement);
    await expect(
      section.getByText('Wednesday 2 December 2026, arriving between 8:00 and 10:00 am'),
    ).toBeVisible();
    await expect(section.getByText('Team', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Team 1',
    );
    await expect(section.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Booked',
    );
    await expect(section.getByText('Time needed', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '1 h 30 min',
    );
    for (const name of ['Move visit', 'Cancel visit', 'Mark as completed'])
      await expect(section.getByRole('button', { name })).toBeVisible();
    await expect(section.queryByRole('button', { name: 'Book a visit' })).toBeNull();
  },
};

/**
 * A time no team is free for, chosen on the phone: the server's reason, and 'Book anyway' to place
 * it all the same (the customer's rules never stop the business) or 'Choose another time'.
 */
export const ClashConfirmation: Story = {
  ...pageWith(
    null,
    http.post('/api/contact/:id/visit', () =>
      HttpResponse.json(
        {
          error: 'No team is free at that time. Send override: true to place it anyway.',
          reason: 'taken',
          requestId: 'story',
        },
        { status: 409 },
      ),
    ),
  ),
  play: async ({ canvasElement }) => {
    const section = await visitSection(canvasElement);
    await userEvent.click(section.getByRole('button', { name: 'Book a visit' }));
    const form = within(section.getByRole('form', { name: 'Book a visit' }));
    await userEvent.click(form.getByRole('radio', { name: 'Another date and time' }));
    await userEvent.type(form.getByLabelText('Date'), '2026-12-02');
    await userEvent.type(form.getByLabelText('Arrival from (Melbourne time)'), '09:00');
    await userEvent.selectOptions(form.getByLabelText('Team'), 'Team 1');
    await userEvent.click(form.getByRole('button', { name: 'Book a visit' }));
    const dialog = within(
      await within(document.body).findByRole('alertdialog', { name: 'That time is not offered' }),
    );
    await expect(dialog.getByText('No team is free at that time.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Book anyway' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Choose another time' })).toHaveFocus();
  },
};

/** Cancelled: the time is free again, and staff can book another. */
export const Cancelled: Story = {
  ...pageWith(sophieVisit({ status: 'cancelled' })),
  play: async ({ canvasElement }) => {
    const section = await visitSection(canvasElement);
    await expect(
      section.getByText('Wednesday 2 December 2026, arriving between 8:00 and 10:00 am'),
    ).toBeVisible();
    await expect(section.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Cancelled',
    );
    await expect(section.getByRole('button', { name: 'Book a visit' })).toBeVisible();
    await expect(section.queryByRole('button', { name: 'Move visit' })).toBeNull();
    await expect(section.queryByRole('button', { name: 'Cancel visit' })).toBeNull();
  },
};
