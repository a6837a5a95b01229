// `npm run dev`: the API on port 3001 restarting on change (tsx watch), the site on Vite's dev server
// (http://localhost:5173, hot reload) proxying /api and /embed to the API, the partner embed built and
// rebuilt on change (served by the API at /embed/v1/cleanquote-wizard.js as after `npm start`), and
// the partner demo (http://localhost:4322/two-wizards.html) embedding it under the partner key `demo`.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { installDependencies, PNPM_VERSION, root } from './lib.mjs';

// The browser is on Vite's origin, and the API admits state-changing requests only from PUBLIC_URL's
// origin (never from whatever the Host header says); its links in mails point there too.
const VITE_ORIGIN = 'http://localhost:5173';
const API_PORT = process.env.API_PORT ?? '3001';
const API_ORIGIN = `http://localhost:${API_PORT}`;
const DEMO_PORT = process.env.PARTNER_DEMO_PORT ?? '4322';
const DEMO_ORIGIN = `http://localhost:${DEMO_PORT}`;

installDependencies();
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'api/src/server.ts', '--api-only'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'debug',
      PUBLIC_URL: VITE_ORIGIN,
      // The demo's origin may send quotes with the key `demo` (seeded into /partners on first start).
      PARTNER_ORIGINS: `demo=${DEMO_ORIGIN}, demo=http://127.0.0.1:${DEMO_PORT}`,
      ...process.env,
      PORT: API_PORT,
    },
  }),
  spawn('npx', ['--yes', `pnpm@${PNPM_VERSION}`, '--filter', '@cleanquote/web', 'exec', 'vite', '--host'], {
    cwd: root,
    stdio: 'inherit',
  }),
  // The embed's own build (scripts/build.ts), watching every file it reads; each build replaces
  // packages/quote-embed/dist whole, and the development API serves the new one at once.
  spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--watch'], {
    cwd: join(root, 'packages', 'quote-embed'),
    stdio: 'inherit',
  }),
  // A partner's page on its own origin, talking to the API directly, so CORS and the partner checks
  // answer as they do in production (Vite's dev server would answer cross-origin preflights itself).
  spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(root, 'sites', 'partner-demo'),
    stdio: 'inherit',
    env: { ...process.env, API: API_ORIGIN, PARTNER_KEY: 'demo', PORT: DEMO_PORT },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
