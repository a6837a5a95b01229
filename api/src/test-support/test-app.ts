import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { type Environment, parseEnvironment } from '../env.ts';
import { createLogger, type Logger } from '../lib/logger.ts';

/** A fresh app on its own temporary file database; call `close()` in afterEach. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { logger?: Logger } = {},
) {
  const directory = mkdtempSync(join(tmpdir(), 'cleanquote-app-'));
  const environment: Environment = parseEnvironment({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://clean.example',
    DATABASE_URL: `file:${join(directory, 'test.db')}`,
    ...overrides,
  });
  const database: Database = await openDatabase({ url: environment.DATABASE_URL });
  const app = createApp({ environment, database, logger: options.logger ?? createLogger('silent') });
  return {
    app,
    database,
    environment,
    close() {
      database.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Another app on the same file database as `first`, with its own connection and write queue — as a
 * second server process behind a load balancer would be. Close it before `first`.
 */
export async function createAppBeside(first: { environment: Environment }) {
  const database: Database = await openDatabase({ url: first.environment.DATABASE_URL });
  const app = createApp({ environment: first.environment, database, logger: createLogger('silent') });
  return { app, database, close: () => database.close() };
}
