import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  // The stories' own node_modules holds Storybook's template stories; they are not ours.
  stories: ['../!(node_modules)/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  // Offline machines otherwise wait on the telemetry request.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;
