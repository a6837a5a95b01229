import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import type { ClientTestEmailQueued } from '../../sites/web/src/admin/client-email-test/client-email-test-queries.ts';
import type { DirectEmailSent as DirectEmailAnswer } from '../../sites/web/src/admin/email-test/email-test-queries.ts';
import { freshStaffPage, signedIn, staffScreenParameters } from './staff-story-support.tsx';

/**
 * Staff checking that email works: /email-test sends one mail from their own mailbox, and
 * /client-email-test sends the auto-response a customer gets, through the outbox.
 */
const meta = {
  title: 'Staff/Email test/Test emails',
  component: AdminApp,
  decorators: [freshStaffPage],
  parameters: staffScreenParameters,
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The Mail log under the direct email sender: nothing sent yet. */
const emptyMailLog = http.get('/api/admin/outbox', () => HttpResponse.json([]));

/** Fills the direct email sender: Kate's Gmail, to the business's own inbox. */
async function fillDirectEmail(canvasElement: HTMLElement) {
  const page = within(canvasElement);
  await userEvent.type(
    await page.findByRole('textbox', { name: /^From Email/ }),
    'kate.sparkle@gmail.example',
  );
  await userEvent.type(page.getByLabelText(/^Password/), 'app-password-1234');
  await userEvent.type(page.getByRole('textbox', { name: /^To Email/ }), 'hello@sparkleclean.example');
  await userEvent.click(page.getByRole('button', { name: 'Send Test Email' }));
}

/** The direct email sender, ready: the mailbox password is used for one send and never kept. */
export const DirectEmailIdle: Story = {
  args: { screen: 'email-test' },
  parameters: { msw: { handlers: [signedIn, emptyMailLog] } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { name: 'Send a test email' })).toBeVisible();
    await expect(
      page.getByText(
        'Sends one email from a mailbox of your own. The password is used for this one connection and then forgotten: it is never stored or logged.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: /^Provider/ })).toHaveDisplayValue('Gmail');
    await expect(page.getByRole('button', { name: 'Send Test Email' })).toBeVisible();
  },
};

/** Sent: staff are told the mail went to the address they gave, and the password field is empty again. */
export const DirectEmailSent: Story = {
  args: { screen: 'email-test' },
  parameters: {
    msw: {
      handlers: [
        signedIn,
        emptyMailLog,
        http.post('/api/send-direct-email', () =>
          HttpResponse.json({
            recipient: 'hello@sparkleclean.example',
            message: 'Test email sent to hello@sparkleclean.example',
          } satisfies DirectEmailAnswer),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await fillDirectEmail(canvasElement);
    const toasts = within(document.body);
    await expect(await toasts.findByText('Email Sent Successfully!')).toBeVisible();
    await expect(toasts.getByText('Test email sent to hello@sparkleclean.example')).toBeVisible();
    await expect(within(canvasElement).getByLabelText(/^Password/)).toHaveValue('');
  },
};

/** Refused by the mail server: the failure gives its reason, and the password is forgotten. */
export const DirectEmailFailed: Story = {
  args: { screen: 'email-test' },
  parameters: {
    msw: {
      handlers: [
        signedIn,
        emptyMailLog,
        http.post('/api/send-direct-email', () =>
          HttpResponse.json(
            { error: 'The mail server refused the user name or password.', requestId: 'story' },
            { status: 502 },
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await fillDirectEmail(canvasElement);
    const toasts = within(document.body);
    await expect(await toasts.findByText('Failed to Send Email')).toBeVisible();
    await expect(toasts.getByText('The mail server refused the user name or password.')).toBeVisible();
    await expect(within(canvasElement).getByLabelText(/^Password/)).toHaveValue('');
  },
};

/** Fills the client email test: a customer in Fitzroy asking for a deep clean. */
async function fillClientEmail(canvasElement: HTMLElement) {
  const page = within(canvasElement);
  await userEvent.type(await page.findByRole('textbox', { name: /^Name/ }), 'Mia Thompson');
  await userEvent.type(page.getByRole('textbox', { name: /^Email/ }), 'kate@sparkleclean.example');
  await userEvent.click(page.getByRole('button', { name: 'Send Test Email' }));
}

/** The client email test, ready: it sends the real auto-response, filled from the form. */
export const ClientEmailIdle: Story = {
  args: { screen: 'client-email-test' },
  parameters: { msw: { handlers: [signedIn] } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { level: 1, name: 'Client Email Test' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Client details' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mail log' })).toHaveAttribute(
      'href',
      '/email-test#mail-log',
    );
  },
};

/** Queued: staff are told the auto-response is on its way to the address they gave. */
export const ClientEmailSent: Story = {
  args: { screen: 'client-email-test' },
  parameters: {
    msw: {
      handlers: [
        signedIn,
        http.post('/api/test-client-email', () =>
          HttpResponse.json(
            { recipient: 'kate@sparkleclean.example', id: 'mail-7f3c2a' } satisfies ClientTestEmailQueued,
            { status: 202 },
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await fillClientEmail(canvasElement);
    const toasts = within(document.body);
    await expect(await toasts.findByText('Test Email Sent')).toBeVisible();
    await expect(
      toasts.getByText('The client auto-response is on its way to kate@sparkleclean.example.'),
    ).toBeVisible();
  },
};

/** Not queued (the server failed): the failure says so, and nothing was sent. */
export const ClientEmailFailed: Story = {
  args: { screen: 'client-email-test' },
  parameters: {
    msw: {
      handlers: [
        signedIn,
        http.post('/api/test-client-email', () =>
          HttpResponse.json({ error: 'Failed to send test email', requestId: 'story' }, { status: 500 }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await fillClientEmail(canvasElement);
    const toasts = within(document.body);
    await expect(await toasts.findByText('Email Test Failed')).toBeVisible();
    await expect(toasts.getByText('Failed to send test email')).toBeVisible();
  },
};

/** Sent with the name missing: each required field says what it needs, and nothing is sent. */
export const ClientEmailMissingFields: Story = {
  args: { screen: 'client-email-test' },
  parameters: { msw: { handlers: [signedIn] } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.click(await page.findByRole('button', { name: 'Send Test Email' }));
    const toasts = within(document.body);
    await expect(await toasts.findByText('Email Test Failed')).toBeVisible();
    await expect(toasts.getByText('Please check the highlighted fields.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
  },
};
