import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  forgetHydratedWizard,
  hydrate,
  ServerRenderedWizard,
  serverAnswerTo,
} from './server-rendered-wizard.tsx';

/**
 * The first tap counts: /service-form arrives as complete HTML and its script follows. A visitor
 * on a slow phone taps before the script has run; what they chose stays chosen, the script takes it
 * over when it arrives, and a Next pressed before then posts the form so the server shows the next
 * step.
 */
const meta = {
  title: 'Wizard/Early tap',
  component: ServerRenderedWizard,
  beforeEach: () => forgetHydratedWizard,
} satisfies Meta<typeof ServerRenderedWizard>;

export default meta;
type Story = StoryObj<typeof meta>;

const ovenCard = /^Oven Cleaning/;

/** The server's wizard, waiting for its script: not yet marked ready. */
async function serverWizard(canvasElement: HTMLElement) {
  const form = within(canvasElement);
  await form.findByRole('heading', { name: 'What type of cleaning do you need?' });
  const card = canvasElement.querySelector('.cq-wizard');
  await expect(card).not.toHaveAttribute('data-cq-ready');
  return form;
}

/** A service card tapped before the script ran: the browser checks it at once. */
export const CardTappedBeforeTheScript: Story = {
  play: async ({ canvasElement }) => {
    const form = await serverWizard(canvasElement);
    await userEvent.click(form.getByRole('radio', { name: ovenCard }));
    await expect(form.getByRole('radio', { name: ovenCard })).toBeChecked();
  },
};

/**
 * The script arrives after the tap: the wizard takes the chosen card over, and Next moves to the
 * oven's step in the page (no post), with focus on its heading.
 */
export const TakenOverWhenTheScriptRuns: Story = {
  play: async ({ canvasElement, args }) => {
    const form = await serverWizard(canvasElement);
    await userEvent.click(form.getByRole('radio', { name: ovenCard }));
    hydrate(canvasElement, args);
    await waitFor(() =>
      expect(canvasElement.querySelector('.cq-wizard')).toHaveAttribute('data-cq-ready', 'true'),
    );
    await expect(form.getByRole('radio', { name: ovenCard })).toBeChecked();
    await userEvent.click(form.getByRole('button', { name: 'Next' }));
    const heading = await form.findByRole('heading', { name: 'Tell us about your oven' });
    await expect(heading).toHaveFocus();
    await expect(form.getByText('Step 2 of 6')).toBeVisible();
  },
};

/**
 * Next pressed on /service-form?service=window-cleaning before the script ran: the form posted the
 * pre-filled service, and the server answered with the windows step.
 */
export const NextPressedBeforeTheScript: Story = {
  args: {
    service: 'window-cleaning',
    formState: serverAnswerTo({ serviceType: 'window-clean', step: 'service-type', action: 'next' }),
  },
  play: async ({ canvasElement }) => {
    const form = within(canvasElement);
    await expect(await form.findByRole('heading', { name: 'Tell us about your windows' })).toBeVisible();
    await expect(form.getByText('Step 2 of 6')).toBeVisible();
  },
};

/** The windows step the server sent, with its Back posting too: the service is still chosen. */
export const BackBeforeTheScript: Story = {
  args: {
    formState: serverAnswerTo({
      serviceType: 'window-clean',
      windowPanels: '12',
      step: 'window-details',
      action: 'back',
      idempotencyKey: 'early-tap-demo-key-0001',
    }),
  },
  play: async ({ canvasElement }) => {
    const form = within(canvasElement);
    await expect(
      await form.findByRole('heading', { name: 'What type of cleaning do you need?' }),
    ).toBeVisible();
    await expect(form.getByRole('radio', { name: /^Window Cleaning/ })).toBeChecked();
  },
};
