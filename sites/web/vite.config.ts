import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The host site. `vite build` makes the browser bundle and the built index.html (the
 * template the Node server fills with `render()` output); `vite build --ssr
 * src/entry-server.tsx` makes the server renderer.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  // The server bundle needs no copy of public/: the client build already serves those files.
  build: { copyPublicDir: !isSsrBuild },
  server: {
    port: 5173,
    // In development the API runs as its own process; the browser still talks to /api.
    proxy: {
      '/api': 'http://localhost:3001',
      '/sitemap.xml': 'http://localhost:3001',
      '/robots.txt': 'http://localhost:3001',
    },
  },
}));
