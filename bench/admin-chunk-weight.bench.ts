/**
 * What the admin's data and form layers cost: the staff-only admin chunk (its script and stylesheet,
 * gzip level 9) and every public asset, built from this tree and from the last commit before the
 * admin moved onto the API's typed client, TanStack Query and react-hook-form — both built the same
 * way in this run (`vite build` of sites/web).
 *
 * The admin chunk may grow (staff download it once, behind the sign-in); public pages must not grow
 * by a byte, so every other client asset is compared byte for byte and the bench says which grew.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
/** The last commit whose admin called the API through a hand-written client with useEffect fetches. */
const BASELINE_COMMIT = '4b44827';
const PNPM = ['--yes', 'pnpm@10.34.9'];

/** A client asset's name without Vite's content hash: 'admin-app-CJkBNaU6.js' → 'admin-app.js'. */
const stableName = (file: string) => file.replace(/-[A-Za-z0-9_-]{8}(\.[a-z]+)$/, '$1');

interface Assets {
  /** Client assets (scripts and stylesheets) by stable name. */
  files: Map<string, Buffer>;
}

/** Builds sites/web's client into a temporary directory and reads its scripts and stylesheets. */
function buildClient(checkout: string): Assets {
  const outDir = mkdtempSync(join(tmpdir(), 'admin-weight-'));
  try {
    execFileSync('npx', [...PNPM, 'exec', 'vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: join(checkout, 'sites', 'web'),
      stdio: 'ignore',
    });
    const assets = join(outDir, 'assets');
    const files = new Map<string, Buffer>();
    for (const name of readdirSync(assets)) {
      if (/\.(js|css)$/.test(name)) files.set(stableName(name), readFileSync(join(assets, name)));
    }
    return { files };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** A checkout of the baseline commit with its own dependencies, or null when git can't give it. */
function baselineCheckout(): string | null {
  const directory = mkdtempSync(join(tmpdir(), 'admin-weight-baseline-'));
  try {
    execFileSync('git', ['worktree', 'add', '--detach', directory, BASELINE_COMMIT], {
      cwd: root,
      stdio: 'ignore',
    });
  } catch {
    rmSync(directory, { recursive: true, force: true });
    return null;
  }
  execFileSync('npx', [...PNPM, 'install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent'], {
    cwd: directory,
    stdio: 'ignore',
  });
  return directory;
}

const gzip = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(2)} kB`;
const isAdmin = (name: string) => name.startsWith('admin-app');

function adminGzip(assets: Assets): number {
  let total = 0;
  for (const [name, bytes] of assets.files) if (isAdmin(name)) total += gzip(bytes);
  return total;
}

const current = buildClient(root);
const checkout = baselineCheckout();
if (!checkout) {
  console.log(`Baseline ${BASELINE_COMMIT} is not in this clone (a shallow clone?): current figures only.`);
  console.log(`admin chunk (js + css, gzip): ${kB(adminGzip(current))}`);
} else {
  try {
    const before = buildClient(checkout);
    const adminBefore = adminGzip(before);
    const adminAfter = adminGzip(current);
    console.log(
      `Admin chunk (staff only; js + css, gzip -9), before = ${BASELINE_COMMIT}, built in this run`,
    );
    console.log(`  before ${kB(adminBefore)}   after ${kB(adminAfter)}   (+${kB(adminAfter - adminBefore)})`);

    console.log('\nPublic assets (raw bytes; must not grow)');
    let grew = 0;
    const names = new Set([...before.files.keys(), ...current.files.keys()]);
    for (const name of [...names].filter((each) => !isAdmin(each)).sort()) {
      const was = before.files.get(name)?.length ?? 0;
      const now = current.files.get(name)?.length ?? 0;
      if (now > was) grew += 1;
      const verdict = now > was ? 'GREW' : now === was ? 'same' : 'smaller';
      console.log(`  ${name.padEnd(28)} ${String(was).padStart(8)} → ${String(now).padStart(8)}  ${verdict}`);
    }
    console.log(grew === 0 ? '  PASS: no public asset grew' : `  FAIL: ${grew} public asset(s) grew`);
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', checkout], { cwd: root, stdio: 'ignore' });
    if (existsSync(checkout)) rmSync(checkout, { recursive: true, force: true });
  }
}
