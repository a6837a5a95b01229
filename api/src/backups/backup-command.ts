// `npm run db:backup`: one snapshot of the embedded database now, into BACKUP_DIR; prints its path
// and size. Safe while the server runs (the snapshot is a read transaction of its own).
import { EnvironmentError, parseEnvironment } from '../env.ts';
import { describeSize } from './describe-size.ts';
import { backupsAreOurs, takeBackup } from './snapshot.ts';

async function main(): Promise<number> {
  const environment = parseEnvironment();
  if (!backupsAreOurs(environment)) {
    console.error('DATABASE_URL is a libSQL server: it keeps its own backups; nothing to do here.');
    return 1;
  }
  const { openDatabase } = await import('../db/database.ts');
  const database = await openDatabase({ url: environment.DATABASE_URL });
  try {
    const backup = await takeBackup(database, environment);
    if (!backup.ok) {
      console.error(`The backup failed: ${backup.error ?? 'unknown error'} (kept as ${backup.path})`);
      return 1;
    }
    console.log(`Backup written: ${backup.path}`);
    console.log(`Size: ${describeSize(backup.sizeBytes)}; integrity_check: ok`);
    return 0;
  } finally {
    database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof EnvironmentError
        ? error.message
        : `The backup failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
