import { readFileSync } from 'node:fs';
import type { StorybookConfig } from '@storybook/react-vite';
import type { Plugin } from 'vite';
import { buildShadowCss } from '../../packages/quote-embed/src/shadow-css.ts';
import { adminScreenPagesOf } from '../../sites/web/src/admin-screens.ts';
import { serverRendered } from './server-rendered.ts';

const embedSource = new URL('../../packages/quote-embed/', import.meta.url);
const embedVersion = (
  JSON.parse(readFileSync(new URL('package.json', embedSource), 'utf8')) as { version: string }
).version;

/**
 * `<cleanquote-wizard>` from the embed's source, as its build makes it (packages/quote-embed/scripts/build.ts):
 * the shadow root's stylesheet built by the same function, and
 * the loader's `import()` of the built chunk (a file name only the build knows) pointed at the
 * chunk's source, so the real loader defines the element and loads the wizard into its shadow root.
 */
function embedFromSource(): Plugin {
  const virtualCss = 'virtual:cleanquote-shadow-css';
  const chunkImport = /import\(\/\* @vite-ignore \*\/ new URL\(__CQ_CHUNK__,[^)]*\)\.href\)/;
  return {
    name: 'cleanquote-embed-from-source',
    // Before TypeScript is stripped: the loader's import carries a comment the match relies on.
    enforce: 'pre',
    resolveId: (id) => (id === virtualCss ? `\0${virtualCss}` : undefined),
    load(id) {
      if (id !== `\0${virtualCss}`) return undefined;
      const wizardCss = readFileSync(new URL('../quote-wizard/src/quote-wizard.css', embedSource), 'utf8');
      const embedCss = readFileSync(new URL('src/embed.css', embedSource), 'utf8');
      return `export default ${JSON.stringify(buildShadowCss(wizardCss, embedCss))};`;
    },
    transform(code, id) {
      if (!id.endsWith('/quote-embed/src/loader.ts')) return undefined;
      if (!chunkImport.test(code)) throw new Error('the embed loader no longer imports its chunk by URL');
      return code.replace(chunkImport, "import('./wizard-app.tsx')");
    },
  };
}

const config: StorybookConfig = {
  // The stories' own node_modules holds Storybook's template stories; they are not ours.
  stories: ['../!(node_modules)/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest', '@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  // mockServiceWorker.js: staff stories answer their API calls at the network boundary, never from a server.
  // The site's placeholder artwork: team photos and the before/after gallery, at the site's own paths.
  staticDirs: ['../public', { from: '../../sites/web/public/images', to: '/images' }],
  // Offline machines otherwise wait on the telemetry request.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // The site's build inlines the admin screens' titles; its components expect the same constant here.
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    define: {
      ...viteConfig.define,
      __ADMIN_SCREEN_PAGES__: JSON.stringify(adminScreenPagesOf()),
      // The embed reports its version in `cq-ready`; its build defines it from the package.
      __CQ_VERSION__: JSON.stringify(embedVersion),
    },
    // Pages the API renders (no script) reach their stories as the server's own HTML; the embed is
    // built from its source.
    plugins: [...(viteConfig.plugins ?? []), serverRendered(), embedFromSource()],
    // Stories render the site's server markup in the browser: bundled up front, not discovered
    // mid-run (a late discovery reloads the page under the running tests).
    optimizeDeps: {
      ...viteConfig.optimizeDeps,
      include: [...(viteConfig.optimizeDeps?.include ?? []), 'react-dom/server'],
    },
  }),
};

export default config;
