import type { StorybookConfig } from '@storybook/react-vite';
import { adminScreenTitlesOf } from '../../sites/web/src/admin-screens.ts';
import { serverRendered } from './server-rendered.ts';

const config: StorybookConfig = {
  // The stories' own node_modules holds Storybook's template stories; they are not ours.
  stories: ['../!(node_modules)/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest', '@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  // mockServiceWorker.js: staff stories answer their API calls at the network boundary, never from a server.
  staticDirs: ['../public'],
  // Offline machines otherwise wait on the telemetry request.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // The site's build inlines the admin screens' titles; its components expect the same constant here.
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    define: { ...viteConfig.define, __ADMIN_SCREEN_TITLES__: JSON.stringify(adminScreenTitlesOf()) },
    // Pages the API renders (no script) reach their stories as the server's own HTML.
    plugins: [...(viteConfig.plugins ?? []), serverRendered()],
  }),
};

export default config;
