import type { Preview } from '@storybook/react-vite';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // An accessibility violation fails the story's test, not just the panel.
    a11y: { test: 'error' },
  },
};

export default preview;
