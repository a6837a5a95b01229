import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from './smtp-test-server.ts';

/** The repository root: the server is started from there, exactly as `npm start` does. */
export const repositoryRoot = resolve(import.meta.dirname, '..', '..', '..');

export interface ServerProcessOptions {
  /** Environment on top of this process's; PORT and PUBLIC_URL are filled in unless given. */
  env: Record<string, string>;
  /** Extra arguments for api/src/server.ts, e.g. ['--api-only']. */
  args?: string[];
  /** How long to wait for GET /api/health to answer 200 (default 20 s). */
  startTimeoutMs?: number;
  /**
   * Keep everything the process writes, stdout (its log lines) and stderr, for {@link
   * ServerProcess.output}: for tests that search the logs. Off by default (stdout is dropped).
   */
  keepOutput?: boolean;
}

/** A running `node --import tsx api/src/server.ts`. */
export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** What the process wrote to stderr so far (start-up failures, crashes). */
  readonly stderr: () => string;
  /** Everything written to stdout and stderr so far, when started with `keepOutput`; else ''. */
  readonly output: () => string;
  /** Sends `signal` (SIGTERM by default) and resolves once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

/**
 * Starts the real server process on a free port and resolves once GET /api/health answers 200.
 * Rejects with the process's stderr when it exits or does not answer in time.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.env.PORT ? Number(options.env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts', ...(options.args ?? [])], {
    cwd: repositoryRoot,
    env: { ...process.env, PUBLIC_URL: url, ...options.env, PORT: String(port) },
    stdio: ['ignore', options.keepOutput ? 'pipe' : 'ignore', 'pipe'],
  });
  let stderr = '';
  let output = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000);
    if (options.keepOutput) output += chunk;
  });
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    output += chunk;
  });
  const server: ServerProcess = {
    url,
    port,
    child,
    stderr: () => stderr,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited(child);
    },
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 20_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited during start-up (${child.exitCode ?? child.signalCode}): ${stderr}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  await server.stop('SIGKILL');
  throw new Error(`the server did not answer GET /api/health in time: ${stderr}`);
}
