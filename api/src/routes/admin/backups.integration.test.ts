import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { backupJob } from '../../backups/backup-job.ts';
import { BACKUP_FAILED_KIND } from '../../backups/failure-alert.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { type Environment, parseEnvironment } from '../../env.ts';
import { ManualClock } from '../../jobs/clock.ts';
import { JobRunner } from '../../jobs/job-runner.ts';
import { createLogger } from '../../lib/logger.ts';
import type { MailDeliveryWorker } from '../../mail/delivery.ts';
import { backupStatus } from '../../system-status/backup-status.ts';
import type { SystemStatus } from '../../system-status/system-status.ts';
import { createTestAdmin, signIn } from '../../test-support/sign-in.ts';
import { startSmtpTestServer } from '../../test-support/smtp-test-server.ts';
import { eq, outbox } from '../../test-support/stored-rows.ts';
import { startTestMailDelivery } from '../../test-support/test-mail.ts';

const ADMIN_EMAIL = 'owner@sparkleclean.example';

interface ListedBackup {
  file: string;
  createdAt: string;
  sizeBytes: number;
  ok: boolean;
}

let directory: string;
let backupDir: string;
let environment: Environment;
let database: Database;
let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
let worker: MailDeliveryWorker;

/** A fresh app on the same database and BACKUP_DIR: what a restarted server is. */
async function startApp() {
  const app = createApp({ environment, database, logger: createLogger('silent') });
  return { app, cookie: await signIn(app) };
}

beforeEach(async () => {
  smtp = await startSmtpTestServer();
  directory = mkdtempSync(join(tmpdir(), 'cleanquote-backups-'));
  backupDir = join(directory, 'backups');
  environment = parseEnvironment({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://clean.example',
    DATABASE_URL: `file:${join(directory, 'cleanquote.db')}`,
    BACKUP_DIR: backupDir,
    ADMIN_EMAIL,
    SMTP_URL: smtp.url,
  });
  database = await openDatabase({ url: environment.DATABASE_URL });
  await createTestAdmin(database);
  worker = startTestMailDelivery(database, { smtpUrl: smtp.url });
});
afterEach(async () => {
  await worker.stop();
  await smtp.close();
  database.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('backups for staff', () => {
  it('are only for a signed-in admin', async () => {
    const { app } = await startApp();
    expect((await app.request('/api/admin/backups')).status).toBe(401);
    expect((await app.request('/api/admin/backups', { method: 'POST' })).status).toBe(401);
    expect(existsSync(backupDir)).toBe(false);
  });

  it('answer a signed-in admin who has not entered the quote dashboard password', async () => {
    environment = { ...environment, QUOTE_DASHBOARD_PASSWORD: 'the shared quote dashboard password' };
    const { app, cookie } = await startApp();
    // The lock does hold for this session: the outbox, which carries customer data, stays shut.
    expect((await app.request('/api/admin/outbox', { headers: { Cookie: cookie } })).status).toBe(403);
    const taken = await app.request('/api/admin/backups', { method: 'POST', headers: { Cookie: cookie } });
    expect(taken.status).toBe(201);
    const listed = await app.request('/api/admin/backups', { headers: { Cookie: cookie } });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as ListedBackup[]).map((backup) => backup.file)).toEqual([
      ((await taken.json()) as ListedBackup).file,
    ]);
  });

  it('takes a snapshot on POST into BACKUP_DIR and lists it newest first', async () => {
    const { app, cookie } = await startApp();
    const post = () => app.request('/api/admin/backups', { method: 'POST', headers: { Cookie: cookie } });
    const first = await post();
    expect(first.status).toBe(201);
    const taken = (await first.json()) as ListedBackup;
    expect(taken).toMatchObject({ ok: true, file: expect.stringMatching(/\.db$/) });
    expect(statSync(join(backupDir, taken.file)).size).toBe(taken.sizeBytes);

    // An older snapshot, as an earlier hour's would be named.
    const older = 'cleanquote-2026-01-05T01-00-00Z.db';
    copyFileSync(join(backupDir, taken.file), join(backupDir, older));
    const listed = (await (
      await app.request('/api/admin/backups', { headers: { Cookie: cookie } })
    ).json()) as ListedBackup[];
    expect(listed.map((backup) => backup.file)).toEqual([taken.file, older]);
    expect(listed[0]).toEqual(taken);
    expect(listed[1]?.createdAt).toBe('2026-01-05T01:00:00.000Z');
  });

  it('shows the newest good snapshot on the System Status, failing once it is over two hours old', async () => {
    const { app, cookie } = await startApp();
    const status = async () =>
      (
        (await (
          await app.request('/api/admin/status', { headers: { Cookie: cookie } })
        ).json()) as SystemStatus
      ).backups;
    expect(await status()).toMatchObject({ kind: 'files', lastGoodAt: null, failing: false });

    mkdirSync(backupDir, { recursive: true });
    const threeHoursAgo = new Date(Date.now() - 3 * 60 * 60 * 1000);
    const old = `cleanquote-${threeHoursAgo.toISOString().slice(0, 19).replaceAll(':', '-')}Z.db`;
    // A consistent snapshot taken by the app, renamed as if taken three hours ago.
    const taken = (await (
      await app.request('/api/admin/backups', { method: 'POST', headers: { Cookie: cookie } })
    ).json()) as ListedBackup;
    copyFileSync(join(backupDir, taken.file), join(backupDir, old));
    rmSync(join(backupDir, taken.file));
    expect(await status()).toMatchObject({
      lastGoodAt: `${threeHoursAgo.toISOString().slice(0, 19)}.000Z`,
      failing: true,
      // The temporary directory holds both the database and BACKUP_DIR.
      sameDisk: true,
    });

    expect(
      (await app.request('/api/admin/backups', { method: 'POST', headers: { Cookie: cookie } })).status,
    ).toBe(201);
    expect(await status()).toMatchObject({ failing: false });
  });
});

describe('a failed backup', () => {
  const failureMails = () =>
    smtp.received.filter(
      (mail) =>
        mail.envelope.to.includes(ADMIN_EMAIL) &&
        /backup failed/.test(mail.headers.get('subject')?.[0] ?? ''),
    );

  it('mails ADMIN_EMAIL once, not again until a backup succeeds, even across a restart', async () => {
    // BACKUP_DIR is a file, not a directory: no snapshot can be written there.
    writeFileSync(backupDir, 'not a directory');
    const first = await startApp();
    const post = (app: Awaited<ReturnType<typeof startApp>>) =>
      app.app.request('/api/admin/backups', { method: 'POST', headers: { Cookie: app.cookie } });

    const failed = await post(first);
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as { error: string }).error).toMatch(/^The backup failed/);
    await expect.poll(() => failureMails().length).toBe(1);
    expect(failureMails()[0]?.text).toContain('No good backup can be found.');

    // The server restarts, and the backup fails again: the admin already knows.
    const restarted = await startApp();
    expect((await post(restarted)).status).toBe(500);

    rmSync(backupDir);
    expect((await post(restarted)).status).toBe(201);

    // Broken again after a success: a new failure streak, a new mail.
    rmSync(backupDir, { recursive: true });
    writeFileSync(backupDir, 'not a directory');
    expect((await post(restarted)).status).toBe(500);
    await expect.poll(() => failureMails().length).toBe(2);
    const queued = await database.db.select().from(outbox).where(eq(outbox.kind, BACKUP_FAILED_KIND));
    expect(queued).toHaveLength(2);
  });

  it('from the hourly job mails once too, however often the runner retries it', async () => {
    const clock = new ManualClock('2026-11-23T08:30:00+11:00');
    const runner = new JobRunner({
      database,
      environment,
      logger: createLogger('silent'),
      clock,
      jobs: [backupJob],
      schedule: false,
    });
    await runner.start();
    try {
      writeFileSync(backupDir, 'not a directory');
      clock.set('2026-11-23T09:00:00+11:00');
      expect(await runner.tick()).toEqual([expect.objectContaining({ outcome: 'failed', attempt: 1 })]);
      // The runner's retries of the same hour fail the same way.
      clock.advance(5 * 60_000);
      expect(await runner.tick()).toEqual([expect.objectContaining({ outcome: 'failed', attempt: 2 })]);

      rmSync(backupDir);
      clock.set('2026-11-23T10:00:00+11:00');
      expect(await runner.tick()).toEqual([expect.objectContaining({ outcome: 'succeeded' })]);
      rmSync(backupDir, { recursive: true });
      writeFileSync(backupDir, 'not a directory');
      clock.set('2026-11-23T11:00:00+11:00');
      expect(await runner.tick()).toEqual([expect.objectContaining({ outcome: 'failed' })]);
      const { app, cookie } = await startApp();
      const status = (await (
        await app.request('/api/admin/status', { headers: { Cookie: cookie } })
      ).json()) as SystemStatus;
      // No .failed file could be written into a BACKUP_DIR that is a file: the job's run says it.
      expect(status.backups).toMatchObject({
        lastGoodAt: null,
        lastFailed: true,
        failing: true,
      });
    } finally {
      await runner.stop();
    }
    await expect.poll(() => failureMails().length).toBe(2);
    expect(await database.db.select().from(outbox).where(eq(outbox.kind, BACKUP_FAILED_KIND))).toHaveLength(
      2,
    );
    expect(failureMails()[0]?.text).toMatch(/BACKUP_DIR .* could not be created/);
  });
});

describe('with a libSQL server', () => {
  it('says the database server keeps the backups', async () => {
    const remote = parseEnvironment({
      NODE_ENV: 'test',
      DATABASE_URL: 'libsql://cleanquote.example.turso.io',
      BACKUP_DIR: backupDir,
    });
    expect(await backupStatus(database, remote, new Date())).toEqual({ kind: 'server' });
  });
});
