import { team } from '@cleanquote/content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import firstTapCapture from '../../sites/web/src/first-tap-capture.js?raw';
import { ContactButtons, EmailButton } from '../../sites/web/src/public/email-button.tsx';
import { NewsletterSection } from '../../sites/web/src/public/newsletter-section.tsx';
import { freshSitePage, siteApi, WithSiteFrame } from './site-story-support.tsx';

const salesManager = team[1];
if (!salesManager) throw new Error('the content has no sales manager');

/**
 * The first tap counts: every public page carries a small script in its head that holds a tap on
 * a control the app has not taken over yet (an Email button, the newsletter form) and replays it
 * once the app has hydrated. Meanwhile the control shows it is busy (a progress cursor, dimmed);
 * then it acts as if the app had been there all along.
 */
const meta = {
  title: 'Site/First tap',
  component: WithSiteFrame,
  args: { children: null },
  parameters: { layout: 'fullscreen', msw: { handlers: [siteApi.newsletterAccepted] } },
  beforeEach: () => {
    const leaveSitePage = freshSitePage();
    // The page as served: the head's script runs, the app has not marked the page hydrated.
    document.documentElement.removeAttribute('data-hydrated');
    new Function(firstTapCapture)();
    return () => {
      // Marking the page hydrated is what ends the script's watch; nothing of it outlives the story.
      document.documentElement.setAttribute('data-hydrated', '');
      leaveSitePage();
    };
  },
} satisfies Meta<typeof WithSiteFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The app marks the page hydrated, as the site's app does once it has taken the page over. */
function appHydrates() {
  document.documentElement.setAttribute('data-hydrated', '');
}

const emailButton = (
  <div style={{ padding: '2rem' }}>
    <EmailButton recipient={salesManager}>{`Email ${salesManager.name}`}</EmailButton>
  </div>
);

/** An Email button tapped before the app runs: the tap is held and the button shows it is busy. */
export const TapHeld: Story = {
  render: () => <WithSiteFrame>{emailButton}</WithSiteFrame>,
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: `Email ${salesManager.name}` });
    await userEvent.click(button);
    await expect(button).toHaveAttribute('data-first-tap-pending');
    await expect(getComputedStyle(button).cursor).toBe('progress');
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** 'Email Us' (the outlined button) tapped before the app runs: held too, its label still readable. */
export const OutlinedButtonTapHeld: Story = {
  render: () => (
    <WithSiteFrame>
      <div style={{ padding: '2rem' }}>
        <ContactButtons />
      </div>
    </WithSiteFrame>
  ),
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Email Us' });
    await userEvent.click(button);
    await expect(button).toHaveAttribute('data-first-tap-pending');
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** The app arrives: the held tap is replayed and the contact dialog opens for that person. */
export const HeldTapReplayed: Story = {
  render: () => <WithSiteFrame>{emailButton}</WithSiteFrame>,
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: `Email ${salesManager.name}` });
    await userEvent.click(button);
    appHydrates();
    await expect(await screen.findByRole('dialog', { name: `Email ${salesManager.name}` })).toBeVisible();
    await waitFor(() => expect(button).not.toHaveAttribute('data-first-tap-pending'));
  },
};

/**
 * Subscribe pressed before the app runs: the address is not lost to a plain form post; once the
 * app arrives it is sent and the thank-you panel shows.
 */
export const NewsletterSentOnceTheAppRuns: Story = {
  render: () => (
    <WithSiteFrame>
      <NewsletterSection />
    </WithSiteFrame>
  ),
  play: async ({ canvasElement }) => {
    const section = within(canvasElement);
    await userEvent.type(section.getByRole('textbox', { name: 'Email address' }), 'ava.nguyen@example.com');
    await userEvent.click(section.getByRole('button', { name: 'Subscribe' }));
    const form = canvasElement.querySelector('form');
    await expect(form).toHaveAttribute('data-first-tap-pending');
    await expect(section.queryByText('Thank you for subscribing!')).toBeNull();
    appHydrates();
    await expect(await section.findByText('Thank you for subscribing!')).toBeVisible();
  },
};
