// `npm run dev`: the API on port 3001 restarting on change (tsx watch) and the site on Vite's dev
// server (http://localhost:5173, hot reload), which proxies /api to the API.
import { spawn } from 'node:child_process';
import { installDependencies, PNPM_VERSION, root } from './lib.mjs';

// The browser is on Vite's origin, and the API admits state-changing requests only from PUBLIC_URL's
// origin (never from whatever the Host header says); its links in mails point there too.
const VITE_ORIGIN = 'http://localhost:5173';

installDependencies();
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'api/src/server.ts', '--api-only'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'debug',
      PUBLIC_URL: VITE_ORIGIN,
      ...process.env,
      PORT: process.env.API_PORT ?? '3001',
    },
  }),
  spawn('npx', ['--yes', `pnpm@${PNPM_VERSION}`, '--filter', '@cleanquote/web', 'exec', 'vite', '--host'], {
    cwd: root,
    stdio: 'inherit',
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
