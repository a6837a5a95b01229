import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { NewsletterSection } from '../../sites/web/src/public/newsletter-section.tsx';
import { freshSitePage, siteApi, siteFrame } from './site-story-support.tsx';

/**
 * The newsletter sign-up at the foot of the home page. Visitors meet the form, the form busy while
 * their address is sent, the thank-you panel asking them to confirm by email (double opt-in), and
 * an error toast that returns them to the form with their address kept.
 */
const meta = {
  title: 'Site/Newsletter',
  component: NewsletterSection,
  decorators: [siteFrame],
  beforeEach: freshSitePage,
  parameters: { layout: 'fullscreen', msw: { handlers: [siteApi.newsletterAccepted] } },
} satisfies Meta<typeof NewsletterSection>;

export default meta;
type Story = StoryObj<typeof meta>;

type PlayContext = Parameters<NonNullable<Story['play']>>[0];

const address = 'tom.walsh@example.com';

/** Types an address and presses Subscribe. */
async function subscribe({ canvasElement }: PlayContext, email = address) {
  const section = within(canvasElement);
  await userEvent.type(section.getByRole('textbox', { name: 'Email address' }), email);
  await userEvent.click(section.getByRole('button', { name: 'Subscribe' }));
  return section;
}

/** The form as the page loads. */
export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const section = within(canvasElement);
    await expect(section.getByRole('heading', { name: 'Stay Up to Date' })).toBeVisible();
    await expect(section.getByPlaceholderText('Enter your email')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  },
};

/** An address without '@': nothing is sent and a toast says what is wrong. */
export const InvalidEmail: Story = {
  play: async (context) => {
    await subscribe(context, 'tom.walsh.example.com');
    await expect(await screen.findByText('Invalid Email')).toBeVisible();
    await expect(screen.getByText('Please enter a valid email address')).toBeVisible();
  },
};

/** The address is on its way: the field and button are disabled, the button says so. */
export const Subscribing: Story = {
  parameters: { msw: { handlers: [siteApi.newsletterPending] } },
  play: async (context) => {
    const section = await subscribe(context);
    await expect(await section.findByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    await expect(section.getByRole('textbox', { name: 'Email address' })).toBeDisabled();
  },
};

/** Signed up: the thank-you panel replaces the form and asks the visitor to confirm by email. */
export const Subscribed: Story = {
  play: async (context) => {
    const section = await subscribe(context);
    await expect(await section.findByText('Thank you for subscribing!')).toBeVisible();
    await expect(
      section.getByText(
        'Please check your inbox and confirm your subscription to start receiving our newsletter.',
      ),
    ).toBeVisible();
    await expect(await screen.findByText("You've been subscribed to our newsletter.")).toBeVisible();
  },
};

/** The server failed: an error toast, and the form is back with the address kept. */
export const Failed: Story = {
  parameters: { msw: { handlers: [siteApi.newsletterFails] } },
  play: async (context) => {
    const section = await subscribe(context);
    await expect(await screen.findByText('Failed to subscribe. Please try again.')).toBeVisible();
    await expect(section.getByRole('textbox', { name: 'Email address' })).toHaveValue(address);
    await expect(section.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  },
};
