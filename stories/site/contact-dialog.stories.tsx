import { customerService, team } from '@cleanquote/content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { EmailButton } from '../../sites/web/src/public/email-button.tsx';
import { freshSitePage, siteApi, siteFrame } from './site-story-support.tsx';

const salesManager = team[1];
if (!salesManager) throw new Error('the content has no sales manager');

/**
 * The site's one contact dialog, opened by an Email button on a team card, the team page or the FAQ
 * ('Email Us', to the customer service team). Visitors meet it empty, while their message is sent
 * (nothing can be closed then), and after it was sent or failed — a toast says which, and a failure
 * keeps the dialog open with what they typed.
 */
const meta = {
  title: 'Site/Contact dialog',
  component: EmailButton,
  args: { recipient: salesManager, children: `Email ${salesManager.name}` },
  decorators: [siteFrame],
  beforeEach: freshSitePage,
  parameters: { msw: { handlers: [siteApi.contactSent] } },
} satisfies Meta<typeof EmailButton>;

export default meta;
type Story = StoryObj<typeof meta>;

type PlayContext = Parameters<NonNullable<Story['play']>>[0];

/** Opens the dialog with the story's Email button; the dialog is portalled to the page's body. */
async function openDialog({ canvasElement, args }: PlayContext) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: /^Email/ }));
  const dialog = await screen.findByRole('dialog', { name: `Email ${args.recipient.name}` });
  return within(dialog);
}

/** Fills in the visitor's message. */
async function writeMessage(dialog: ReturnType<typeof within>) {
  await userEvent.type(dialog.getByLabelText('Your Name'), 'Mei Lin Chen');
  await userEvent.type(dialog.getByLabelText('Your Email'), 'meilin.chen@example.com');
  await userEvent.type(dialog.getByLabelText('Phone (optional)'), '0491 570 110');
  await userEvent.type(dialog.getByLabelText('Message'), 'Could you clean our Hawthorn office fortnightly?');
}

/** Opened for a team member: the visitor sees whom they write to and the empty form. */
export const Idle: Story = {
  play: async (context) => {
    const dialog = await openDialog(context);
    await expect(dialog.getByText(`Sales Manager · ${salesManager.email}`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
};

/** 'Email Us' from the FAQ: the dialog writes to the customer service team. */
export const ToCustomerService: Story = {
  args: { recipient: customerService, children: 'Email Us' },
  play: async (context) => {
    const dialog = await openDialog(context);
    await expect(dialog.getByText(`Customer Service · ${customerService.email}`)).toBeVisible();
  },
};

/** Sent without a name, email or message: nothing is sent and a toast asks for them. */
export const MissingInformation: Story = {
  play: async (context) => {
    const dialog = await openDialog(context);
    await userEvent.click(dialog.getByRole('button', { name: 'Send Message' }));
    await expect(await screen.findByText('Missing Information')).toBeVisible();
    await expect(screen.getByText('Please fill in all required fields.')).toBeVisible();
    await expect(screen.getByRole('dialog', { name: `Email ${salesManager.name}` })).toBeVisible();
  },
};

/** The message is on its way: both buttons are disabled and the dialog cannot be closed. */
export const Sending: Story = {
  parameters: { msw: { handlers: [siteApi.contactPending] } },
  play: async (context) => {
    const dialog = await openDialog(context);
    await writeMessage(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Send Message' }));
    await expect(await dialog.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeDisabled();
  },
};

/** Sent: the dialog closes and a toast says whom the message went to. */
export const Sent: Story = {
  play: async (context) => {
    const dialog = await openDialog(context);
    await writeMessage(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Send Message' }));
    await expect(await screen.findByText('Message Sent!')).toBeVisible();
    await expect(
      screen.getByText(`Your message has been sent to ${salesManager.name}. They'll get back to you soon!`),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** The server failed: an error toast, and the dialog stays open with everything typed. */
export const Failed: Story = {
  parameters: { msw: { handlers: [siteApi.contactFails] } },
  play: async (context) => {
    const dialog = await openDialog(context);
    await writeMessage(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Send Message' }));
    await expect(
      await screen.findByText('Failed to send message. Please try again or call directly.'),
    ).toBeVisible();
    await expect(screen.getByText('Error')).toBeVisible();
    await expect(dialog.getByLabelText('Your Name')).toHaveValue('Mei Lin Chen');
    await expect(dialog.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  },
};
