import { galleryItems } from '@cleanquote/content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ComparisonSlider } from '../../sites/web/src/public/comparison-slider.tsx';
import { freshSitePage } from './site-story-support.tsx';

const [shower] = galleryItems;
if (!shower) throw new Error('the content has no gallery items');

/**
 * A before/after photo pair of the home page's gallery. Visitors drag the divider (or use the arrow
 * keys, Home and End on it) to compare the bathroom before and after the clean.
 */
const meta = {
  title: 'Site/Gallery slider',
  component: ComparisonSlider,
  args: { item: shower },
  beforeEach: freshSitePage,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '40rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ComparisonSlider>;

export default meta;
type Story = StoryObj<typeof meta>;

const sliderName = `Before and after: ${shower.title}`;

/** As the page loads: the divider in the middle, half before, half after. */
export const First: Story = {
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole('slider', { name: sliderName });
    await expect(slider).toHaveAttribute('aria-valuetext', '50% before, 50% after');
    await expect(within(canvasElement).getByText('BEFORE')).toBeVisible();
    await expect(within(canvasElement).getByText('AFTER')).toBeVisible();
  },
};

/** Moved with the arrow keys: more of the 'before' photo shows. */
export const Moved: Story = {
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole('slider', { name: sliderName });
    slider.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(slider).toHaveAttribute('aria-valuetext', '60% before, 40% after');
  },
};

/** Home: the whole 'after' photo shows. */
export const AllAfter: Story = {
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole('slider', { name: sliderName });
    slider.focus();
    await userEvent.keyboard('{Home}');
    await expect(slider).toHaveAttribute('aria-valuetext', '0% before, 100% after');
  },
};

/** Pressed near the left edge with a finger or mouse: the divider jumps there. */
export const PressedNearTheLeft: Story = {
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole('slider', { name: sliderName });
    const photo = canvasElement.querySelector<HTMLElement>('.comparison');
    if (!photo) throw new Error('no comparison');
    const box = photo.getBoundingClientRect();
    await userEvent.pointer({
      keys: '[MouseLeft]',
      target: photo,
      coords: { clientX: box.left + box.width * 0.25, clientY: box.top + box.height / 2 },
    });
    await expect(slider).toHaveAttribute('aria-valuetext', '25% before, 75% after');
  },
};
