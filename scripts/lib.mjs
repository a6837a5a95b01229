// Shared helpers for the root npm scripts: they bootstrap pnpm and the workspace on a fresh machine
// (Node 20 + npm only), so `npm start` and `npm test` need no other set-up step.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = '10.34.9';

/** Runs a command in the repository root, inheriting stdio; exits the process when it fails. */
export function run(command, args, options = {}) {
  const { allowFailure: _allowFailure, quiet: _quiet, ...spawnOptions } = options;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...spawnOptions });
  if (result.status !== 0) {
    const code = result.status ?? 1;
    if (options.allowFailure) return code;
    if (options.quiet) process.exit(code);
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${code})`);
    process.exit(code);
  }
  return 0;
}

/** Runs pnpm 10 through npx (corepack's signature check fails here; pnpm 11 needs Node 22). */
export function pnpm(args, options) {
  return run('npx', ['--yes', `pnpm@${PNPM_VERSION}`, ...args], options);
}

/** Installs workspace dependencies when they are missing or older than the lockfile. */
export function installDependencies() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lockfile = join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lockfile).mtimeMs) return;
  step('Installing dependencies (pnpm install --frozen-lockfile)');
  pnpm(['install', '--frozen-lockfile', '--reporter=append-only']);
}

/** Makes sure Debian's chromium is present for browser tests; installs it when running as root. */
export function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0) {
    console.error('✖ /usr/bin/chromium is missing. Install it with: sudo apt-get install -y chromium');
    process.exit(1);
  }
  step('Installing Debian chromium for the browser tests');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** Prints a visible step header so CI output shows which stage ran. */
export function step(title) {
  console.log(`\n▶ ${title}\n`);
}
