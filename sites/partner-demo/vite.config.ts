import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The React 19 partner page's bundle (src/react-page.tsx → dist/react-page.js). The HTML pages are
 * served by src/server.ts, which adds a fresh CSP nonce to each; nothing else is built.
 */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    minify: true,
    modulePreload: false,
    rolldownOptions: {
      input: fileURLToPath(new URL('./src/react-page.tsx', import.meta.url)),
      output: { entryFileNames: 'react-page.js', chunkFileNames: 'react-page-[hash].js' },
    },
  },
});
