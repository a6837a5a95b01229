import { ROOM_MAXIMUMS } from '@cleanquote/quote-core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { answersFor, WizardStory } from './wizard-story-support.tsx';

/**
 * What a visitor does in the wizard, played through: choosing a service moves them to its next
 * question, a counter stops at its maximum and says so, and a contact field typed wrong says what is
 * wrong as soon as they leave it.
 */
const meta = {
  title: 'Wizard/Interactions',
  component: WizardStory,
} satisfies Meta<typeof WizardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Oven Cleaning chosen, then Next: the oven's questions, step 2 of 6. */
export const ChooseServiceThenNext: Story = {
  play: async ({ canvasElement }) => {
    const wizard = within(canvasElement);
    await userEvent.click(await wizard.findByRole('radio', { name: /^Oven Cleaning/ }));
    await userEvent.click(wizard.getByRole('button', { name: 'Next' }));
    await expect(await wizard.findByRole('heading', { name: 'Tell us about your oven' })).toHaveFocus();
    await expect(wizard.getByText('Step 2 of 6')).toBeVisible();
  },
};

/** End of Lease Cleaning chosen: the plan grows to the carpet question, and Next leads to the property. */
export const ChooseEndOfLeaseThenNext: Story = {
  play: async ({ canvasElement }) => {
    const wizard = within(canvasElement);
    await userEvent.click(await wizard.findByRole('radio', { name: /^End of Lease Cleaning/ }));
    await userEvent.click(wizard.getByRole('button', { name: 'Next' }));
    await expect(await wizard.findByRole('heading', { name: 'Tell us about your property' })).toBeVisible();
    await expect(wizard.getByText('Step 2 of 7')).toBeVisible();
  },
};

const maxBedrooms = ROOM_MAXIMUMS.bedrooms;

/** Bedrooms added up to the most a quote takes: '+' stops acting and the count says it is the maximum. */
export const CounterToItsMaximum: Story = {
  args: {
    draft: { serviceType: 'carpet-clean', carpetAreas: ['bedrooms'], carpetRoomCounts: { bedrooms: 1 } },
    stepIndex: 1,
  },
  play: async ({ canvasElement }) => {
    const wizard = within(canvasElement);
    const add = await wizard.findByRole('button', { name: 'Add one bedroom' });
    for (let count = 1; count < maxBedrooms; count += 1) await userEvent.click(add);
    const bedrooms = within(wizard.getByRole('group', { name: /^Bedrooms/ }));
    await expect(bedrooms.getByRole('status')).toHaveTextContent(`Bedrooms: ${maxBedrooms} (maximum)`);
    await expect(add).toHaveAttribute('aria-disabled', 'true');
    await expect(bedrooms.getByText(`(up to ${maxBedrooms})`)).toBeVisible();
    // One more press changes nothing.
    await userEvent.click(add);
    await expect(bedrooms.getByRole('status')).toHaveTextContent(`Bedrooms: ${maxBedrooms} (maximum)`);
  },
};

/** An email without its domain, then the next field: the email field says what is wrong. */
export const InvalidContactField: Story = {
  args: {
    draft: { ...answersFor('deep-clean'), name: 'Grace Kelly', email: '', phone: '', termsAccepted: false },
    stepIndex: 3,
  },
  play: async ({ canvasElement }) => {
    const wizard = within(canvasElement);
    const email = await wizard.findByRole('textbox', { name: /Email/ });
    await userEvent.type(email, 'grace.kelly@');
    await userEvent.tab();
    await expect(await wizard.findByText('Enter a valid email address')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
  },
};

/** A phone number too short, then Next: the message shows and the step stays. */
export const ShortPhoneThenNext: Story = {
  args: {
    draft: { ...answersFor('deep-clean'), name: 'Grace Kelly', phone: '', termsAccepted: false },
    stepIndex: 3,
  },
  play: async ({ canvasElement }) => {
    const wizard = within(canvasElement);
    await userEvent.type(await wizard.findByRole('textbox', { name: /Phone/ }), '0491');
    await userEvent.click(wizard.getByRole('button', { name: 'Next' }));
    await expect(await wizard.findByText('Enter a phone number with at least 8 digits')).toBeVisible();
    await expect(wizard.getByRole('heading', { name: 'Your contact details' })).toBeVisible();
  },
};
