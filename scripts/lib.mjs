// Shared helpers for the root npm scripts: they bootstrap pnpm and the workspace on a fresh machine
// (Node 20 + npm only), so `npm start` and `npm test` need no other set-up step.
import { spawn, spawnSync } from 'node:child_process';
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

/**
 * Starts pnpm without waiting, its output kept rather than printed, so that it can run beside a step
 * that prints. Resolves to { code, output, ms } once it has exited.
 */
export function pnpmInBackground(args, options = {}) {
  const begin = Date.now();
  const child = spawn('npx', ['--yes', `pnpm@${PNPM_VERSION}`, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that it and everything it started end with this script.
    detached: true,
    ...options,
  });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  process.on('exit', stop);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => {
    // Timed at its exit: a grandchild that keeps the output pipes open must not stretch the figure
    // or the wait (the rest of the output is taken for at most 2 s more).
    child.on('exit', (code, signal) => {
      process.off('exit', stop);
      const result = () => resolve({ code: code ?? (signal ? 1 : 0), output, ms });
      const ms = Date.now() - begin;
      const late = setTimeout(result, 2_000);
      child.on('close', () => {
        clearTimeout(late);
        result();
      });
    });
  });
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

/**
 * Times named steps for a closing summary: `timed(title, action)` announces the step, runs it
 * (waiting if it returns a promise) and records how long it took; `report()` prints every step's time.
 */
export function stepTimings() {
  const started = Date.now();
  const timings = [];
  return {
    async timed(title, action) {
      const begin = Date.now();
      step(title);
      await action();
      timings.push([title, Date.now() - begin]);
    },
    /** Records a step that ran alongside others, with the time it took on its own clock. */
    record(title, ms) {
      timings.push([title, ms]);
    },
    report() {
      for (const [title, ms] of timings) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${title}`);
      console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  in all`);
    },
  };
}
