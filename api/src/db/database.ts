import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Client, createClient } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import * as schema from './schema.ts';
import { type MalformedTextRepair, repairMalformedText } from './stored-text.ts';
import { WriteQueue } from './write-queue.ts';

/** The drizzle database with this project's schema. */
export type Db = LibSQLDatabase<typeof schema>;

/** An open database: drizzle for reads, the write queue for every write, the raw client for health checks. */
export interface Database {
  db: Db;
  /** The one write path: every insert, update and delete goes through it (see write-queue.ts). */
  writes: WriteQueue<Db>;
  client: Client;
  /** True for an embedded file database (WAL and the write queue matter most there). */
  isFile: boolean;
  /** Stored text that was not UTF-8 and was repaired when the database was opened (stored-text.ts). */
  repairedText: MalformedTextRepair[];
  close(): void;
}

export interface DatabaseOptions {
  url: string;
  authToken?: string | undefined;
  /** Busy timeout for file databases, in milliseconds. */
  busyTimeoutMs?: number;
}

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');

/**
 * Opens the database, applies the committed migrations and, for file databases, turns on WAL with
 * synchronous FULL so a committed quote survives a crash or power loss.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const isFile = options.url.startsWith('file:');
  if (isFile) {
    const path = options.url.slice('file:'.length).replace(/^\/\/(?=\/)/, '');
    mkdirSync(dirname(resolve(path)), { recursive: true });
  }
  const client = createClient({
    url: options.url,
    authToken: options.authToken,
    // libSQL's busy timeout for file databases: a reader never fails just because a write is committing.
    timeout: options.busyTimeoutMs ?? 5_000,
  });
  if (isFile) {
    // journal_mode is stored in the file; synchronous is per connection and SQLite's default is FULL,
    // which we assert in the tests rather than trust.
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA synchronous = FULL');
  }
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  // Before anything reads a row: a value that is not UTF-8 would abort the process in libSQL.
  const repairedText = await repairMalformedText(client, schema);
  return {
    repairedText,
    db,
    writes: new WriteQueue(db),
    client,
    isFile,
    close: () => client.close(),
  };
}

/** Answers whether the database responds to a trivial query (GET /api/health). */
export async function databaseAnswers(client: Client): Promise<boolean> {
  try {
    await client.execute('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
