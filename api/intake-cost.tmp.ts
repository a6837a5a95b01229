import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { newRowId } from './src/db/row-id.ts';
import { validQuoteRequests } from './src/test-support/quote-requests.ts';

const dir = mkdtempSync('/tmp/qi/ic-');
async function open(name: string, migrations: number) {
  const folder = join(dir, `m-${name}`);
  cpSync('drizzle', folder, { recursive: true });
  const jp = join(folder, 'meta', '_journal.json');
  const j = JSON.parse(readFileSync(jp, 'utf8'));
  j.entries = j.entries.slice(0, migrations);
  writeFileSync(jp, JSON.stringify(j));
  const client = createClient({ url: `file:${join(dir, name + '.db')}` });
  await client.execute('PRAGMA journal_mode = WAL');
  await client.execute('PRAGMA synchronous = FULL');
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: folder });
  return { client, db };
}
const body = validQuoteRequests.regularClean as Record<string, unknown>;
function quoteRows(n: number, withDigits: boolean) {
  const rows = [];
  for (let i = 0; i < n; i++) {
    const now = Date.now();
    const r: unknown[] = [newRowId(), 'CQ-' + Math.random().toString(36).slice(2, 10), 'regular-clean', 'Priya Shah ' + i, `p${Math.random()}@example.com`, '0491 570 158', '12 Chapel St, South Yarra, VIC', JSON.stringify(body), 'main-site', null, null, '2025-07-19', now, now];
    if (withDigits) r.splice(6, 0, '0491570158');
    rows.push(r);
  }
  return rows;
}
const cols = ['id','reference','service_type','name','email','phone','address','details','source','idempotency_key','request_hash','terms_version','consented_at','created_at'];
function stmt(withDigits: boolean) {
  const c = [...cols]; if (withDigits) c.splice(6, 0, 'phone_digits');
  return `INSERT INTO quote_requests (${c.join(',')}) SELECT ${c.map((_, i) => `value->>${i}`).join(',')} FROM json_each(?) WHERE true ON CONFLICT DO NOTHING RETURNING id`;
}
const ocols = ['id','kind','message_id','to_address','subject','record_id','status','attempts','next_attempt_at','created_at','updated_at'];
const ostmt = `INSERT INTO outbox (${ocols.join(',')}) SELECT ${ocols.map((_, i) => `value->>${i}`).join(',')} FROM json_each(?) WHERE true`;
async function run(name: string, migrations: number, withDigits: boolean, batches: number, drop: string[] = []) {
  const { client } = await open(name, migrations);
  for (const d of drop) await client.execute(d);
  const times: number[] = [];
  for (let b = 0; b < batches; b++) {
    const rows = quoteRows(26, withDigits);
    const mails = rows.flatMap((r) => [0, 1].map(() => { const id = newRowId(); return [id, 'quote-auto-response', `<${id}@x>`, 'p@example.com', 'subj', r[0], 'captured', 0, Date.now(), Date.now(), Date.now()]; }));
    const c0 = process.cpuUsage();
    const tx = await client.transaction('write');
    await tx.execute({ sql: stmt(withDigits), args: [JSON.stringify(rows)] });
    await tx.execute({ sql: ostmt, args: [JSON.stringify(mails)] });
    await tx.commit();
    const c1 = process.cpuUsage(c0);
    times.push((c1.user + c1.system) / 1000 / 26);
  }
  times.sort((a, b) => a - b);
  client.close();
  return times;
}
for (let round = 0; round < 4; round++) {
  const med = (t: number[]) => (t[Math.floor(t.length / 2)]! * 1000).toFixed(0);
  const before = await run(`before${round}`, 3, false, 300);
  const after = await run(`after${round}`, 4, true, 300);
  const noFts = await run(`nofts${round}`, 4, true, 300, ['DROP TRIGGER quote_requests_after_insert']);
  const noIdx = await run(`noidx${round}`, 4, true, 300, ['DROP INDEX quote_requests_status_created_at', 'DROP INDEX quote_requests_email_key', 'DROP INDEX quote_requests_phone_digits']);
  console.log(`round ${round} µs/quote: before ${med(before)}  after ${med(after)}  after-without-fts ${med(noFts)}  after-without-3-new-indexes ${med(noIdx)}`);
}
