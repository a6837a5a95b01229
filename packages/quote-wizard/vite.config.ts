import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Library build of the wizard (docs/decisions/0002-quote-wizard-package.md): one ES module with
 * @cleanquote/quote-core bundled in (it is private), and one stylesheet. React, xstate, @xstate/react
 * stay imports: the host installs them once and shares them.
 *
 * `--mode no-script-form` builds the server-side entry (the no-script form protocol) on its own, into
 * the same folder: a second build rather than a second entry, so no chunk is shared and the browser
 * entry stays one self-contained file.
 */
const external = [/^react(\/|$)/, /^react-dom(\/|$)/, /^xstate(\/|$)/, /^@xstate\/react(\/|$)/];

export default defineConfig(({ mode }) => {
  const noScriptForm = mode === 'no-script-form';
  const entry = noScriptForm ? './src/no-script-form.ts' : './src/build-entry.ts';
  return {
    plugins: [react()],
    build: {
      outDir: 'dist',
      emptyOutDir: !noScriptForm,
      sourcemap: true,
      // Published code stays readable; hosts minify it with their own bundles.
      minify: false,
      lib: {
        entry: fileURLToPath(new URL(entry, import.meta.url)),
        formats: ['es'],
        fileName: () => (noScriptForm ? 'no-script-form.js' : 'index.js'),
        cssFileName: 'style',
      },
      rolldownOptions: { external },
    },
  };
});
