import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { repositoryRoot } from '../../api/src/test-support/server-process.ts';
import { freePort } from '../../api/src/test-support/smtp-test-server.ts';

/*
 * What the POST benchmarks share: one server's figures under autocannon, the bare baseline server
 * (node:http + @libsql/client, one INSERT per body) they are measured beside, and how their
 * alternating rounds are combined and printed.
 */

/** One server's figures for one round (or several combined). */
export interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  total: number;
}

/** A running server a benchmark loads. */
export interface LoadTarget {
  name: string;
  url: string;
  stop(): Promise<void>;
}

async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the baseline server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error('the baseline server did not start');
}

/** Starts bench/support/bare-insert-server.ts on a file database in `directory`. */
export async function startBareInsertBaseline(directory: string): Promise<LoadTarget> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/bare-insert-server.ts'], {
    cwd: repositoryRoot,
    env: { ...process.env, PORT: String(port), DATABASE_URL: `file:${join(directory, 'baseline.db')}` },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilAnswering(url, child);
  return {
    name: 'bare node:http + libSQL INSERT',
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done(undefined)));
    },
  };
}

/** One target's rounds together: the mean requests/s (rounds are equally long), the worst p50 and p99. */
export function combineRounds(rounds: Figures[]): Figures {
  const first = rounds[0];
  if (!first) throw new Error('no rounds');
  const sum = (pick: (round: Figures) => number) => rounds.reduce((total, round) => total + pick(round), 0);
  return {
    name: first.name,
    requestsPerSecond: sum((round) => round.requestsPerSecond) / rounds.length,
    p50: Math.max(...rounds.map((round) => round.p50)),
    p99: Math.max(...rounds.map((round) => round.p99)),
    errors: sum((round) => round.errors),
    non2xx: sum((round) => round.non2xx),
    total: sum((round) => round.total),
  };
}

/** One line of the figures table. */
export function figuresRow(figures: Figures): string {
  return [
    figures.name.padEnd(34),
    figures.requestsPerSecond.toFixed(0).padStart(8),
    `${figures.p50} ms`.padStart(9),
    `${figures.p99} ms`.padStart(9),
    String(figures.errors).padStart(7),
    String(figures.non2xx).padStart(7),
    String(figures.total).padStart(8),
  ].join('  ');
}
