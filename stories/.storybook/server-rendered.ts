import { type Plugin, runnerImport } from 'vite';

/** The import suffix that asks for a module's default export as rendered in Node. */
const SERVER_RENDERED = '?server-rendered';

/**
 * `import pages from './x.ts?server-rendered'` gives x.ts's default export as it was computed in
 * Node, as plain data. Pages the API renders itself (the customer's quote page, the sign-in page)
 * come from server code that cannot load in a browser; this way a story shows the very HTML the
 * server makes, rendered by the server's own functions when Storybook builds or tests.
 */
export function serverRendered(): Plugin {
  return {
    name: 'cleanquote:server-rendered',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith(SERVER_RENDERED)) return null;
      const file = id.slice(0, -SERVER_RENDERED.length);
      const { module, dependencies } = await runnerImport<{ default: unknown }>(file, {
        configFile: false,
        logLevel: 'error',
      });
      for (const dependency of dependencies) this.addWatchFile(dependency);
      return `export default ${JSON.stringify(module.default)};`;
    },
  };
}
