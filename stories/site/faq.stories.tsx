import { faq } from '@cleanquote/content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FaqAccordion } from '../../sites/web/src/public/faq-accordion.tsx';

const [first, second] = faq;
if (!first || !second) throw new Error('the content lacks FAQ entries');

/**
 * The home page's frequently asked questions: native disclosures, one answer open at a time. A
 * visitor scans the questions, opens one, and opening another closes the first.
 */
const meta = {
  title: 'Site/FAQ',
  component: FaqAccordion,
  args: { entries: faq },
} satisfies Meta<typeof FaqAccordion>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The disclosure (`<details>`) of a question. */
function disclosureOf(canvasElement: HTMLElement, question: string): HTMLDetailsElement {
  const heading = within(canvasElement).getByRole('heading', { name: question });
  const details = heading.closest('details');
  if (!details) throw new Error(`'${question}' is not in a disclosure`);
  return details;
}

/** Every question, every answer closed. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getAllByRole('heading', { level: 3 })).toHaveLength(faq.length);
    await expect(page.getByRole('heading', { name: first.question })).toBeVisible();
    await expect(page.getByText(first.answer)).not.toBeVisible();
  },
};

/** 'Are your quotes really free?' opened: its answer shows under it. */
export const AnswerOpen: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.click(page.getByRole('heading', { name: first.question }));
    await waitFor(() => expect(disclosureOf(canvasElement, first.question).open).toBe(true));
    await expect(page.getByText(first.answer)).toBeVisible();
  },
};

/** Another question opened: its answer shows and the first one closes. */
export const AnotherAnswerOpen: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.click(page.getByRole('heading', { name: first.question }));
    await userEvent.click(page.getByRole('heading', { name: second.question }));
    await waitFor(() => expect(disclosureOf(canvasElement, second.question).open).toBe(true));
    await expect(page.getByText(second.answer)).toBeVisible();
    await expect(disclosureOf(canvasElement, first.question).open).toBe(false);
  },
};
