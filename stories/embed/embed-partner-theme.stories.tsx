import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  EmbedStory,
  embedApi,
  forgetDrafts,
  PARTNER_KEY,
  partnerVisitor,
  shadowOf,
} from './embed-story-support.tsx';

/**
 * How a partner dresses `<cleanquote-wizard>` in their own brand (PROTOCOL.md, Styling): the
 * `theme` attribute, `--cq-*` custom properties set on the element (the only styles that cross into
 * its shadow root) and `::part()` rules in the partner's stylesheet. The partner's visitors see the
 * wizard in the partner's colours; nothing of the page's other styles reaches inside.
 */
const meta = {
  title: 'Embed/Partner theme',
  component: EmbedStory,
  args: { partnerKey: PARTNER_KEY, draft: { answers: partnerVisitor, stepIndex: 5 } },
  parameters: { msw: { handlers: [embedApi.accepts, embedApi.accepting] } },
  beforeEach: () => {
    forgetDrafts();
    return forgetDrafts;
  },
} satisfies Meta<typeof EmbedStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A support coordinator's green: the accent and its hover, on white. */
const coordinatorGreen = {
  '--cq-color-accent': '#2d6a4f',
  '--cq-color-accent-hover': '#1b4332',
  '--cq-color-on-accent': '#ffffff',
  '--cq-radius': '4px',
} as Record<string, string>;

/** The partner page's own stylesheet: rounded buttons and a card without a shadow. */
const partnerCss = `
cleanquote-wizard::part(button) { border-radius: 999px; }
cleanquote-wizard::part(card) { box-shadow: none; border: 2px solid #2d6a4f; }
cleanquote-wizard::part(heading) { letter-spacing: 0.02em; }
`;

/** The primary button inside the shadow root (Next / Get My Quote). */
async function primaryButton(canvasElement: HTMLElement) {
  const wizard = await shadowOf(canvasElement);
  return wizard.findByRole('button', { name: 'Next' });
}

/** The business's default palette, for comparison. */
export const DefaultLight: Story = {
  play: async ({ canvasElement }) => {
    const wizard = await shadowOf(canvasElement);
    await expect(await wizard.findByRole('heading', { name: 'Your contact details' })).toBeVisible();
  },
};

/** A dark partner page sets `theme="dark"`: the wizard's dark palette, still readable. */
export const DarkTheme: Story = {
  args: { theme: 'dark', background: '#0b1118' },
  play: async ({ canvasElement }) => {
    const wizard = await shadowOf(canvasElement);
    const heading = await wizard.findByRole('heading', { name: 'Get Your Cleaning Quote' });
    await expect(heading.closest('.cq-wizard')).toHaveAttribute('data-cq-theme', 'dark');
    await expect(getComputedStyle(heading).color).toBe('rgb(231, 237, 244)');
  },
};

/** The partner's brand colour through `--cq-color-accent`: Next is the coordinator's green. */
export const BrandColours: Story = {
  args: { style: coordinatorGreen },
  play: async ({ canvasElement }) => {
    const next = await primaryButton(canvasElement);
    await expect(getComputedStyle(next).backgroundColor).toBe('rgb(45, 106, 79)');
    await expect(getComputedStyle(next).color).toBe('rgb(255, 255, 255)');
  },
};

/** The partner's `::part()` rules: pill-shaped buttons and a bordered card in their brand. */
export const PartsStyled: Story = {
  args: { style: coordinatorGreen, pageCss: partnerCss },
  play: async ({ canvasElement }) => {
    const next = await primaryButton(canvasElement);
    await expect(getComputedStyle(next).borderTopLeftRadius).toBe('999px');
    const card = next.closest('.cq-wizard');
    if (!card) throw new Error('the button is outside the card');
    await expect(getComputedStyle(card).borderTopColor).toBe('rgb(45, 106, 79)');
  },
};

/**
 * The partner's page styles everything heavily (large root font, serif, red text): none of it
 * reaches the wizard, which keeps its own font size and colours.
 */
export const HostStylesStayOutside: Story = {
  args: {
    pageCss: `
.host-page { font: 24px/2 Georgia, serif; color: #b00020; }
.host-page button { background: #b00020; color: #ffffff; border-radius: 0; }
`,
  },
  render: (args) => (
    <div className="host-page">
      <p>Book your end-of-lease clean with our recommended cleaners.</p>
      <EmbedStory {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const next = await primaryButton(canvasElement);
    await expect(getComputedStyle(next).backgroundColor).not.toBe('rgb(176, 0, 32)');
    const wizard = await shadowOf(canvasElement);
    const intro = wizard.getByText('We will send your quote to these details.');
    await expect(getComputedStyle(intro).fontFamily).not.toContain('Georgia');
  },
};
