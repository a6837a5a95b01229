import { validAnswers } from '@cleanquote/quote-core/test-fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ServerRenderedWizard, serverAnswerTo } from './server-rendered-wizard.tsx';

/**
 * The quote form for visitors without JavaScript (public-service forms must work so): the server
 * renders the wizard as a form that posts every answer so far; the server answers with the next
 * step, or the same step with its messages and a summary of what is missing. These stories show
 * the server's markup with no script run on it.
 */
const meta = {
  title: 'Wizard/No-script form',
  component: ServerRenderedWizard,
} satisfies Meta<typeof ServerRenderedWizard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A deep clean of a four-bedroom house in Brunswick, answered up to the contact step. */
const deepCleanSoFar = {
  serviceType: 'deep-clean',
  bedrooms: '4',
  bathrooms: '2',
  urgency: 'next-week',
  idempotencyKey: 'noscript-demo-key-0001',
};

/** The page as first served: the first question, and Next ready to post. */
export const AsServed: Story = {
  play: async ({ canvasElement }) => {
    const form = within(canvasElement);
    await expect(
      await form.findByRole('heading', { level: 1, name: 'Get Your Cleaning Quote' }),
    ).toBeVisible();
    await expect(form.getByRole('heading', { name: 'What type of cleaning do you need?' })).toBeVisible();
    // Never disabled in the server's markup: the server checks the step itself.
    await expect(form.getByRole('button', { name: 'Next' })).toBeEnabled();
    await expect(form.getByRole('button', { name: 'Next' })).not.toHaveAttribute('aria-disabled');
  },
};

/** Next posted without a service: the same step again, its message under the cards. */
export const NoServiceChosen: Story = {
  args: { formState: serverAnswerTo({ step: 'service-type', action: 'next' }) },
  play: async ({ canvasElement }) => {
    const form = within(canvasElement);
    await expect(await form.findByText('Choose a service')).toBeVisible();
    await expect(form.getByRole('status')).toHaveTextContent('To continue: Choose a service.');
  },
};

/**
 * The contact step posted with a blank name and address, a short phone number and an email without
 * a domain: each field says what is wrong, and the summary above the buttons lists them all. Every
 * answer typed is kept.
 */
export const ContactDetailsRefused: Story = {
  args: {
    formState: serverAnswerTo({
      ...deepCleanSoFar,
      step: 'contact-info',
      action: 'next',
      name: '',
      phone: '0491',
      email: 'oliver.brunswick@',
      address: '',
    }),
  },
  play: async ({ canvasElement }) => {
    const form = within(canvasElement);
    await expect(await form.findByRole('heading', { name: 'Your contact details' })).toBeVisible();
    for (const message of [
      'Enter your full name',
      'Enter a phone number with at least 8 digits',
      'Enter a valid email address',
      'Enter the property address',
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await expect(form.getByRole('status')).toHaveTextContent(
      'To continue: Enter your full name. Enter a phone number with at least 8 digits. Enter a valid email address. Enter the property address.',
    );
    await expect(form.getByRole('textbox', { name: /Email/ })).toHaveValue('oliver.brunswick@');
  },
};

/** The contact step posted complete: the server shows the terms, one step on. */
export const NextStepFromTheServer: Story = {
  args: {
    formState: serverAnswerTo({
      ...deepCleanSoFar,
      step: 'contact-info',
      action: 'next',
      name: 'Oliver Grant',
      phone: '0491 570 158',
      email: 'oliver.grant@example.com',
      address: '22 Sydney Road, Brunswick, VIC',
    }),
  },
  play: async ({ canvasElement }) => {
    const form = within(canvasElement);
    await expect(await form.findByRole('heading', { name: 'Terms and privacy' })).toBeVisible();
    await expect(form.getByText('Step 5 of 6')).toBeVisible();
  },
};

/** The quote could not be stored: the final step again, what went wrong and a way to try again. */
export const NotStored: Story = {
  args: {
    // What the server renders when storing the submitted quote failed: the final step, with why.
    formState: {
      answers: validAnswers('deep-clean', {
        name: 'Oliver Grant',
        phone: '0491 570 158',
        email: 'oliver.grant@example.com',
        address: '22 Sydney Road, Brunswick, VIC',
      }),
      stepIndex: 5,
      idempotencyKey: deepCleanSoFar.idempotencyKey,
      showErrors: false,
      error:
        'Sorry, something went wrong on our side and your quote request was not sent. Please try again in a moment, or call us.',
    },
  },
  play: async ({ canvasElement }) => {
    const form = within(canvasElement);
    const alert = await form.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not send your quote request.');
    await expect(alert).toHaveTextContent('your quote request was not sent');
    await expect(form.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
