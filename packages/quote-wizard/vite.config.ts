import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Library build of the wizard (docs/decisions/0002-quote-wizard-package.md): one ES module with
 * @cleanquote/quote-core bundled in (it is private), and one stylesheet. React, xstate, @xstate/react
 * stay imports: the host installs them once and shares them.
 */
const external = [/^react(\/|$)/, /^react-dom(\/|$)/, /^xstate(\/|$)/, /^@xstate\/react(\/|$)/];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Published code stays readable; hosts minify it with their own bundles.
    minify: false,
    lib: {
      entry: fileURLToPath(new URL('./src/build-entry.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'index.js',
      cssFileName: 'style',
    },
    rolldownOptions: { external },
  },
});
