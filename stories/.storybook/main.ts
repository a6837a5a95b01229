import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  // Offline machines otherwise wait on the telemetry request.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;
