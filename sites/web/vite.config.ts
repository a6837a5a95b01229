import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { adminScreenPagesOf } from './src/admin-screens.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Text the server sends compressed: scripts, styles, SVG images and data files.
const compressible = /\.(?:js|mjs|css|svg|json|xml|txt|webmanifest|ico)$/;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every compressible file of the
 * client build (name.js.br, name.js.gz), where it is smaller, so the server sends them as they are
 * and never compresses a file per request (api/src/site/static-files.ts). index.html is the
 * server's template, not a file it sends, and build records (.vite/) are not served at all.
 */
function ownCopyForStaff(): Plugin {
  return {
    name: 'cleanquote:own-copy-for-staff',
    apply: 'build',
    // Before Vite's own resolver, which would otherwise answer first.
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (
        !importer ||
        !/quote-core[\\/]src[\\/]staff[\\/]/.test(importer) ||
        !source.endsWith('/text-rules.ts')
      ) {
        return null;
      }
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? { ...resolved, id: `${resolved.id}?staff-copy` } : null;
    },
  };
}

function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'cleanquote:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const names = await readdir(outDir, { recursive: true });
      const files = names
        .filter((name) => compressible.test(name) && name !== 'index.html' && !name.startsWith('.'))
        .map((name) => join(outDir, name));
      await Promise.all(
        files.map(async (path) => {
          const content = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          if (br.byteLength < content.byteLength) await writeFile(`${path}.br`, br);
          if (gz.byteLength < content.byteLength) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * The host site. `vite build` makes the browser bundle and the built index.html (the
 * template the Node server fills with `render()` output); `vite build --ssr
 * src/entry-server.tsx` makes the server renderer.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [ownCopyForStaff(), precompress()])],
  // The admin screens' titles from their registry (src/admin-screens.ts), inlined so that the public
  // bundle carries only them, not the registry's navigation and dashboard texts.
  define: { __ADMIN_SCREEN_PAGES__: JSON.stringify(adminScreenPagesOf()) },
  build: {
    // The server bundle needs no copy of public/: the client build already serves those files.
    copyPublicDir: !isSsrBuild,
    // .vite/manifest.json: which chunks each page loads (bench/site-serving.bench.ts counts their bytes).
    manifest: !isSsrBuild,
  },
  server: {
    // scripts/dev.mjs gives the API this origin as PUBLIC_URL: on another port its POSTs would be
    // refused as cross-site.
    port: 5173,
    strictPort: true,
    // In development the API runs as its own process; the browser still talks to /api, and the API's
    // links (PUBLIC_URL) to the Xero popup and the embed land here too.
    proxy: {
      '/api': 'http://localhost:3001',
      '/sitemap.xml': 'http://localhost:3001',
      '/robots.txt': 'http://localhost:3001',
      '^/xero/(connect|callback|connected\\.js)': 'http://localhost:3001',
      '/embed/': 'http://localhost:3001',
    },
  },
}));
