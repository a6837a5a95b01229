import { Hono } from 'hono';
import { type AuthEnv, requireAdmin } from '../../auth/middleware.ts';
import { takeBackupOrAlert } from '../../backups/failure-alert.ts';
import { type BackupFile, backupsAreOurs, listBackups } from '../../backups/snapshot.ts';

/** One snapshot as staff see it: its file name in BACKUP_DIR, when it was taken, its size, whether it passed its check. */
function shown(backup: BackupFile) {
  return {
    file: backup.file,
    createdAt: backup.createdAt.toISOString(),
    sizeBytes: backup.sizeBytes,
    ok: backup.ok,
  };
}

/**
 * GET /api/admin/backups lists the database snapshots in BACKUP_DIR, newest first; POST takes one
 * now (201 with the same fields). Admin session, open before the quote dashboard unlock: the
 * answer is file names, times and sizes — the files themselves, which hold customer data, are
 * never served. With a remote libSQL server its backups are the server's: the list is empty and
 * POST answers 409.
 */
export const backupRoutes = new Hono<AuthEnv>()
  .use(requireAdmin)
  .get('/', (c) => c.json(backupsAreOurs(c.var.environment) ? listBackups(c.var.environment).map(shown) : []))
  .post('/', async (c) => {
    if (!backupsAreOurs(c.var.environment)) {
      return c.json(
        { error: 'Backups of this database are taken by its database server.', requestId: c.var.requestId },
        409,
      );
    }
    const backup = await takeBackupOrAlert(c.var.database, c.var.environment);
    if (!backup.ok) {
      c.var.logger.error({ file: backup.file, error: backup.error }, 'backup failed');
      return c.json({ error: `The backup failed: ${backup.error}`, requestId: c.var.requestId }, 500);
    }
    return c.json(shown(backup), 201);
  });
