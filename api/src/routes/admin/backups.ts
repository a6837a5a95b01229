import { Hono } from 'hono';
import { type AuthEnv, requireAdmin } from '../../auth/middleware.ts';
import { takeBackupOrAlert } from '../../backups/failure-alert.ts';
import { type Backup, backupDirectory, listBackups } from '../../backups/snapshot.ts';

/** One snapshot as staff see it: its file name in BACKUP_DIR, when it was taken, its size, whether it passed its check. */
function shown(backup: Backup) {
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
  .get('/', async (c) => c.json((await listBackups(c.var.environment)).map(shown)))
  .post('/', async (c) => {
    if (backupDirectory(c.var.environment) === null) {
      return c.json(
        { error: 'Backups of this database are taken by its database server.', requestId: c.var.requestId },
        409,
      );
    }
    try {
      const backup = await takeBackupOrAlert(c.var.database, c.var.environment);
      return c.json(shown(backup), 201);
    } catch (error) {
      c.var.logger.error({ err: error }, 'backup failed');
      const reason = error instanceof Error ? error.message : String(error);
      return c.json({ error: `The backup failed: ${reason}`, requestId: c.var.requestId }, 500);
    }
  });
