/**
 * The benchmark's baseline: a bare node:http server that parses the JSON body and stores it with one
 * INSERT per request through @libsql/client (autocommit: one commit, one WAL fsync, per request), on a
 * file database in WAL mode with synchronous FULL — the same storage settings as the real server.
 * No framework, no validation, no mail: the floor our route is measured against.
 *
 * Environment: PORT, DATABASE_URL (file:…). Answers GET with 200 once ready.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createClient } from '@libsql/client';

const port = Number(process.env.PORT ?? 0);
const url = process.env.DATABASE_URL ?? '';
if (!url.startsWith('file:')) throw new Error('DATABASE_URL must be a file: URL');

const client = createClient({ url, timeout: 5_000 });
await client.execute('PRAGMA journal_mode = WAL');
await client.execute('PRAGMA synchronous = FULL');
await client.execute(
  'CREATE TABLE IF NOT EXISTS quote_requests (id TEXT PRIMARY KEY, reference TEXT NOT NULL UNIQUE, body TEXT NOT NULL, created_at INTEGER NOT NULL)',
);

const server = createServer((request, response) => {
  if (request.method !== 'POST') {
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', async () => {
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      const reference = `CQ-${randomUUID().slice(0, 8).toUpperCase()}`;
      await client.execute({
        sql: 'INSERT INTO quote_requests (id, reference, body, created_at) VALUES (?, ?, ?, ?)',
        args: [randomUUID(), reference, JSON.stringify(body), Date.now()],
      });
      response.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ reference }));
    } catch {
      response.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":"bad request"}');
    }
  });
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  client.close();
  process.exit(0);
});
