/**
 * The public site as the server sends it, each figure beside a baseline from
 * the same run:
 *
 * (a) Bytes on the wire per public page (/, /team, /service-form, /south-yarra): the HTML and the
 *     scripts and styles the page loads (the build manifest says which; a route's lazily loaded page
 *     chunk counts on that route only), sent as they are (identity, as they all went before compression)
 *     and with brotli. Goal: / in brotli at most half of its uncompressed bytes.
 * (b) GET / and GET /south-yarra under 50 connections (autocannon, a browser's Accept-Encoding)
 *     against a static file holding the very same bytes (plain, brotli and gzip), served by the same
 *     process's static handler in the same run: page and file back to back in each of five rounds,
 *     the ratio the median of the rounds'. Goal: each page ≥ 0.5× its static file in requests/s, with
 *     0 errors.
 * (c) CPU per request with the security and partner-CORS headers set before the handler (now) and
 *     after it (as up to decision 0007), on a page, a small JSON answer and POST /api/service-form
 *     refused (400, the route's HTTP path alone) and stored (201, where libSQL's write is most of the
 *     CPU and how many quotes share a commit moves with the machine's load): the two variants of
 *     api/src/test-support/header-cost-server.ts, in alternating rounds. Goal: less CPU per request now.
 *
 * `npm run bench`; never part of `npm test`. BENCH_DURATION_S (default 10) and BENCH_CONNECTIONS
 * (default 50) shape (b) and (c); BENCH_PARTS (default a,b,c) picks parts. Figures on a shared
 * machine vary from run to run, the ratios much less.
 */
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { validQuoteRequests } from '../api/src/test-support/quote-requests.ts';
import {
  repositoryRoot,
  type ServerProcess,
  startServerProcess,
} from '../api/src/test-support/server-process.ts';
import { freePort } from '../api/src/test-support/smtp-test-server.ts';

const durationSeconds = Number(process.env.BENCH_DURATION_S ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Rounds of (b): each page beside its static file, back to back. */
const PAIRED_ROUNDS = 5;
const parts = new Set((process.env.BENCH_PARTS ?? 'a,b,c').split(',').map((part) => part.trim()));
const pages = ['/', '/team', '/service-form', '/south-yarra'];
const browserHeaders = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body is kept as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((done, fail) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', fail);
    }).on('error', fail);
  });
}

function ensureBuilt(): string {
  const dist = join(repositoryRoot, 'sites', 'web', 'dist');
  if (
    !existsSync(join(dist, 'client', '.vite', 'manifest.json')) ||
    !existsSync(join(dist, 'server', 'entry-server.js'))
  ) {
    console.log('Building the site first…');
    const build = spawnSync('npx', ['--yes', 'pnpm@10.34.9', '--filter', '@cleanquote/web', 'run', 'build'], {
      cwd: repositoryRoot,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the site build failed');
  }
  return dist;
}

function startSite(work: string): Promise<ServerProcess> {
  return startServerProcess({
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: `file:${join(work, 'site.db')}`,
      SITE_DIST: join(work, 'dist'),
    },
  });
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * CPU time (µs) a process has used, from /proc (Linux), or undefined elsewhere. Unlike requests per
 * second it hardly moves with what else the machine runs.
 */
function processCpuMicroseconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields 14 and 15 (user, system) in clock ticks of 1/100 s, after the parenthesised name.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10_000 : undefined;
  } catch {
    return undefined;
  }
}

function table(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

// ---------------------------------------------------------------------------------------------------
// (a) bytes on the wire

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The scripts and styles a page loads: those its HTML names, and every chunk the entry imports or
 * loads later (hydration), except a route's own lazily loaded page (src/public/<name>-page.tsx), which
 * only /<name> loads.
 */
function pageAssets(path: string, html: string, manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) if (match[1]) files.add(match[1]);
  const visited = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || visited.has(key)) return;
    visited.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of chunk.imports ?? []) visit(next);
    for (const next of chunk.dynamicImports ?? []) {
      const route = /^src\/public\/(.+)-page\.tsx$/.exec(next)?.[1];
      if (route === undefined || path === `/${route}`) visit(next);
    }
  };
  for (const [key, chunk] of Object.entries(manifest)) if (files.has(chunk.file)) visit(key);
  return [...files].map((file) => `/${file}`);
}

async function bytesOnTheWire(origin: string, dist: string): Promise<boolean> {
  const manifest = JSON.parse(readFileSync(join(dist, 'client', '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  // The first request of a page renders it and sends a quick brotli pass; the best pass follows.
  for (const path of pages) await rawGet(`${origin}${path}`, browserHeaders);
  await new Promise((done) => setTimeout(done, 2000));
  const rows: string[][] = [];
  let homeRatio = Number.NaN;
  for (const path of pages) {
    const plain = await rawGet(`${origin}${path}`);
    const br = await rawGet(`${origin}${path}`, { 'accept-encoding': 'br' });
    if (plain.status !== 200 || br.headers['content-encoding'] !== 'br')
      throw new Error(`${path} is not served in brotli`);
    let assetsPlain = 0;
    let assetsBr = 0;
    const assets = pageAssets(path, plain.body.toString('utf8'), manifest);
    for (const asset of assets) {
      assetsPlain += (await rawGet(`${origin}${asset}`)).body.byteLength;
      assetsBr += (await rawGet(`${origin}${asset}`, { 'accept-encoding': 'br' })).body.byteLength;
    }
    const totalPlain = plain.body.byteLength + assetsPlain;
    const totalBr = br.body.byteLength + assetsBr;
    if (path === '/') homeRatio = totalBr / totalPlain;
    rows.push([
      path,
      kB(plain.body.byteLength),
      kB(br.body.byteLength),
      `${kB(assetsPlain)} (${assets.length})`,
      kB(assetsBr),
      kB(totalPlain),
      kB(totalBr),
      `${((totalBr / totalPlain) * 100).toFixed(0)} %`,
    ]);
  }
  console.log(
    '\n(a) bytes on the wire per page: HTML + the scripts and styles it loads, uncompressed vs brotli',
  );
  table(
    [
      'page',
      'HTML plain',
      'HTML br',
      'JS+CSS plain (files)',
      'JS+CSS br',
      'total plain',
      'total br',
      'br/plain',
    ],
    rows,
  );
  const pass = homeRatio <= 0.5;
  console.log(
    `/ in brotli: ${(homeRatio * 100).toFixed(0)} % of its uncompressed bytes (goal ≤ 50 %) → ${pass ? 'PASS' : 'FAIL'}`,
  );
  return pass;
}

// ---------------------------------------------------------------------------------------------------
// (b) a page against a static file of the same bytes

/** Writes a static file holding exactly what `path` sends, plain, in brotli and in gzip. */
async function writeStaticCopy(
  origin: string,
  path: string,
  clientDirectory: string,
  name: string,
): Promise<string> {
  const plain = await rawGet(`${origin}${path}`);
  const br = await rawGet(`${origin}${path}`, { 'accept-encoding': 'br' });
  const gzip = await rawGet(`${origin}${path}`, { 'accept-encoding': 'gzip' });
  const directory = join(clientDirectory, 'bench-static');
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, `${name}.txt`), plain.body);
  writeFileSync(join(directory, `${name}.txt.br`), br.body);
  writeFileSync(join(directory, `${name}.txt.gz`), gzip.body);
  return `/bench-static/${name}.txt`;
}

interface LoadFigures {
  name: string;
  /** Server CPU per answer (µs), where it can be read. */
  cpuPerAnswer?: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
  bytesPerRequest: number;
}

async function load(name: string, url: string, seconds: number, pid?: number): Promise<LoadFigures> {
  const cpuBefore = processCpuMicroseconds(pid);
  const result = await autocannon({ url, connections, duration: seconds, headers: browserHeaders });
  const cpuAfter = processCpuMicroseconds(pid);
  const total = result['2xx'] + result.non2xx;
  return {
    name,
    ...(cpuBefore !== undefined && cpuAfter !== undefined && total > 0
      ? { cpuPerAnswer: (cpuAfter - cpuBefore) / total }
      : {}),
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total,
    bytesPerRequest: total > 0 ? result.throughput.total / total : 0,
  };
}

function combine(rounds: LoadFigures[]): LoadFigures {
  const first = rounds[0];
  if (!first) throw new Error('no rounds');
  const sum = (pick: (round: LoadFigures) => number) =>
    rounds.reduce((total, round) => total + pick(round), 0);
  const cpu = rounds.every((round) => round.cpuPerAnswer !== undefined)
    ? { cpuPerAnswer: sum((round) => (round.cpuPerAnswer ?? 0) * round.total) / sum((round) => round.total) }
    : {};
  return {
    name: first.name,
    ...cpu,
    requestsPerSecond: sum((round) => round.requestsPerSecond) / rounds.length,
    p50: Math.max(...rounds.map((round) => round.p50)),
    p99: Math.max(...rounds.map((round) => round.p99)),
    errors: sum((round) => round.errors),
    non2xx: sum((round) => round.non2xx),
    total: sum((round) => round.total),
    bytesPerRequest: sum((round) => round.bytesPerRequest) / rounds.length,
  };
}

async function pageAgainstStaticFile(work: string): Promise<boolean> {
  const clientDirectory = join(work, 'dist', 'client');
  let site = await startSite(work);
  const targets: { name: string; path: string }[] = [];
  try {
    for (const [path, name] of [
      ['/', 'home'],
      ['/south-yarra', 'south-yarra'],
    ] as const) {
      await rawGet(`${site.url}${path}`, browserHeaders);
      await new Promise((done) => setTimeout(done, 1500));
      const file = await writeStaticCopy(site.url, path, clientDirectory, name);
      targets.push({ name: `GET ${path}`, path }, { name: `static file as big as ${path}`, path: file });
    }
  } finally {
    await site.stop();
  }
  // The static handler reads its files at start-up.
  site = await startSite(work);
  try {
    for (const target of targets) await load(target.name, `${site.url}${target.path}`, 2);
    // Each page and its file are measured back to back, in turn first, and compared round by round:
    // the machine's other work changes between rounds more than within one.
    const rounds = new Map(targets.map((target) => [target, [] as LoadFigures[]]));
    const ratios: number[][] = [];
    for (let round = 0; round < PAIRED_ROUNDS; round += 1) {
      for (let pair = 0; pair < targets.length; pair += 2) {
        const [page, file] = [targets[pair], targets[pair + 1]];
        if (!page || !file) continue;
        const measured = new Map<(typeof targets)[number], LoadFigures>();
        for (const target of round % 2 === 0 ? [page, file] : [file, page]) {
          const figures = await load(
            target.name,
            `${site.url}${target.path}`,
            durationSeconds / PAIRED_ROUNDS,
            site.child.pid,
          );
          measured.set(target, figures);
          rounds.get(target)?.push(figures);
        }
        const ratio =
          (measured.get(page)?.requestsPerSecond ?? 0) / (measured.get(file)?.requestsPerSecond ?? 1);
        const pairRatios = ratios[pair / 2] ?? [];
        pairRatios.push(ratio);
        ratios[pair / 2] = pairRatios;
      }
    }
    const figures = targets.map((target) => combine(rounds.get(target) ?? []));
    console.log(
      `\n(b) ${connections} connections, ${durationSeconds} s per target in ${PAIRED_ROUNDS} rounds (page and file back to back), a browser's Accept-Encoding`,
    );
    table(
      ['target', 'req/s', 'p50', 'p99', 'errors', 'non-2xx', 'requests', 'bytes/answer', 'CPU/answer'],
      figures.map((row) => [
        row.name,
        row.requestsPerSecond.toFixed(0),
        `${row.p50} ms`,
        `${row.p99} ms`,
        String(row.errors),
        String(row.non2xx),
        String(row.total),
        row.bytesPerRequest.toFixed(0),
        row.cpuPerAnswer === undefined ? 'n/a' : `${row.cpuPerAnswer.toFixed(0)} µs`,
      ]),
    );
    let pass = true;
    for (let index = 0; index < figures.length; index += 2) {
      const page = figures[index];
      const file = figures[index + 1];
      const perRound = ratios[index / 2] ?? [];
      if (!page || !file) continue;
      const ratio = median(perRound);
      const clean = page.errors === 0 && page.non2xx === 0 && file.errors === 0 && file.non2xx === 0;
      const ok = ratio >= 0.5 && clean;
      pass &&= ok;
      const cpu =
        page.cpuPerAnswer !== undefined && file.cpuPerAnswer !== undefined
          ? `, CPU per answer ${page.cpuPerAnswer.toFixed(0)} vs ${file.cpuPerAnswer.toFixed(0)} µs`
          : '';
      console.log(
        `${page.name} / its static file: ${ratio.toFixed(2)}x (median of ${perRound.map((value) => value.toFixed(2)).join(', ')}), p99 ${page.p99} vs ${file.p99} ms${cpu} (goal ≥ 0.50x, 0 errors) → ${ok ? 'PASS' : 'FAIL'}`,
      );
    }
    return pass;
  } finally {
    await site.stop();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

// ---------------------------------------------------------------------------------------------------
// (c) CPU of the security headers, set before vs after the handler

interface HeaderVariant {
  name: 'before' | 'after';
  child: ChildProcess;
  url: string;
}

async function startVariant(name: 'before' | 'after', work: string): Promise<HeaderVariant> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = fork(join(repositoryRoot, 'api', 'src', 'test-support', 'header-cost-server.ts'), [name], {
    cwd: repositoryRoot,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: `file:${join(work, `headers-${name}.db`)}`,
      SITE_DIST: join(work, 'dist'),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the ${name} server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { name, child, url };
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the ${name} server did not start`);
}

function cpuMicroseconds(child: ChildProcess): Promise<number> {
  return new Promise((done) => {
    child.once('message', (usage) => {
      const { user, system } = usage as NodeJS.CpuUsage;
      done(user + system);
    });
    child.send('cpu');
  });
}

interface HeaderRoute {
  name: string;
  path: string;
  /** The status every answer must have. */
  status: number;
  options: Partial<autocannon.Options>;
}

const quoteBody = JSON.stringify(validQuoteRequests.regularClean);
const newQuoteRequest = (request: autocannon.Request) => ({
  ...request,
  headers: { ...request.headers, 'idempotency-key': randomUUID() },
});
const headerRoutes: HeaderRoute[] = [
  { name: 'GET / (page, brotli)', path: '/', status: 200, options: { headers: browserHeaders } },
  { name: 'GET /api/health (small JSON)', path: '/api/health', status: 200, options: {} },
  {
    name: 'POST /api/service-form, refused (400)',
    path: '/api/service-form',
    status: 400,
    options: {
      requests: [
        {
          method: 'POST',
          body: JSON.stringify({ name: 'Jo' }),
          headers: { 'content-type': 'application/json' },
        },
      ],
    },
  },
  {
    name: 'POST /api/service-form, stored (201)',
    path: '/api/service-form',
    status: 201,
    options: {
      requests: [
        {
          method: 'POST',
          body: quoteBody,
          headers: { 'content-type': 'application/json' },
          setupRequest: newQuoteRequest,
        },
      ],
    },
  },
];

async function headerCpu(work: string): Promise<boolean> {
  const variants = [await startVariant('before', work), await startVariant('after', work)];
  try {
    // More, shorter rounds than (b): a submission's CPU depends on how many share a commit, which
    // the machine's other work moves from second to second.
    const seconds = 2;
    const rounds = 4;
    const rows: string[][] = [];
    let pass = true;
    for (const route of headerRoutes) {
      const totals = new Map(variants.map((variant) => [variant.name, { cpu: 0, requests: 0, seconds: 0 }]));
      for (const variant of variants) {
        await autocannon({ url: `${variant.url}${route.path}`, connections, duration: 1, ...route.options });
      }
      for (let round = 0; round < rounds; round += 1) {
        for (const variant of variants) {
          const cpuBefore = await cpuMicroseconds(variant.child);
          const result = await autocannon({
            url: `${variant.url}${route.path}`,
            connections,
            duration: seconds,
            ...route.options,
          });
          const cpu = (await cpuMicroseconds(variant.child)) - cpuBefore;
          const total = totals.get(variant.name);
          if (!total) continue;
          const answered = route.status < 300 ? result['2xx'] : result['4xx'];
          if (result.errors > 0 || answered !== result['2xx'] + result.non2xx) {
            throw new Error(`${route.name}: not every answer was ${route.status} (${variant.name})`);
          }
          total.cpu += cpu;
          total.requests += answered;
          total.seconds += seconds;
        }
      }
      const before = totals.get('before');
      const after = totals.get('after');
      if (!before || !after) continue;
      const perRequestBefore = before.cpu / before.requests;
      const perRequestAfter = after.cpu / after.requests;
      const ok = perRequestAfter <= perRequestBefore;
      pass &&= ok;
      rows.push([
        route.name,
        `${perRequestBefore.toFixed(0)} µs (${(before.requests / before.seconds).toFixed(0)}/s)`,
        `${perRequestAfter.toFixed(0)} µs (${(after.requests / after.seconds).toFixed(0)}/s)`,
        `${(((perRequestAfter - perRequestBefore) / perRequestBefore) * 100).toFixed(0)} %`,
        ok ? 'PASS' : 'FAIL',
      ]);
    }
    console.log(
      `\n(c) server CPU per request, security and partner-CORS headers set after the handler (before 0007) vs before it (now); ${connections} connections, ${rounds}×${seconds} s each in alternating rounds`,
    );
    table(['route', 'headers after handler', 'headers before handler', 'change', 'less CPU'], rows);
    return pass;
  } finally {
    for (const variant of variants) variant.child.kill('SIGTERM');
  }
}

// ---------------------------------------------------------------------------------------------------

const work = mkdtempSync(join(tmpdir(), 'cleanquote-serving-'));
try {
  const dist = ensureBuilt();
  // A copy of the client build, so the static files of (b) never land in the real one; the server
  // entry stays where it is (linked), beside the node_modules it imports.
  cpSync(join(dist, 'client'), join(work, 'dist', 'client'), { recursive: true });
  symlinkSync(join(dist, 'server'), join(work, 'dist', 'server'), 'dir');
  let bytesPass = true;
  if (parts.has('a')) {
    const site = await startSite(work);
    try {
      bytesPass = await bytesOnTheWire(site.url, join(work, 'dist'));
    } finally {
      await site.stop();
    }
  }
  const speedPass = parts.has('b') ? await pageAgainstStaticFile(work) : true;
  const cpuPass = parts.has('c') ? await headerCpu(work) : true;
  const all = bytesPass && speedPass && cpuPass;
  console.log(`\n${all ? 'All targets met.' : 'Targets missed: see FAIL above.'}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
