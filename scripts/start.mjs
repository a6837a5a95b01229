// `npm start`: install what is missing, build the site for production, then serve the site and the
// API from one Node process on PORT (default 3000). Migrations are applied by the server at start-up.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { installDependencies, pnpm, root, run, step } from './lib.mjs';

installDependencies();
const envFile = join(root, '.env');
const nodeArgs = [
  ...(existsSync(envFile) ? [`--env-file=${envFile}`] : []),
  '--import',
  'tsx',
  'api/src/server.ts',
];
// A bad variable should stop start-up at once, not after the build.
run(process.execPath, [...nodeArgs, '--check-environment'], { quiet: true });

step('Building the site (vite build, client and server entry) and the partner embed');
pnpm(['--filter', '@cleanquote/web', '--filter', '@cleanquote/quote-embed', 'run', 'build']);

step('Starting CleanQuote');
const server = spawn(process.execPath, nodeArgs, {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
