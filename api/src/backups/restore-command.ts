// `npm run db:restore -- <file>`: puts a snapshot back as the embedded database (see restore.ts).
import { EnvironmentError, parseEnvironment } from '../env.ts';
import { RestoreRefused, resolveBackupArgument, restoreBackup } from './restore.ts';

async function main(): Promise<number> {
  const environment = parseEnvironment();
  const argument = process.argv[2];
  if (!argument) {
    console.error('Usage: npm run db:restore -- <file> (a snapshot path, or its name in BACKUP_DIR)');
    return 1;
  }
  // npm runs scripts from the repository root; a relative path means the directory it was run from.
  const source = resolveBackupArgument(
    argument,
    environment.BACKUP_DIR,
    process.env.INIT_CWD ?? process.cwd(),
  );
  const outcome = await restoreBackup(source, environment);
  console.log(`Restored ${source} into ${outcome.databasePath} (integrity_check ok).`);
  console.log(
    outcome.keptAs
      ? `The replaced database is kept as ${outcome.keptAs}.`
      : 'There was no database to replace.',
  );
  console.log(
    outcome.migrationsApplied > 0
      ? `Applied ${outcome.migrationsApplied} pending migration(s).`
      : 'The schema is current: no migration was pending.',
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof EnvironmentError || error instanceof RestoreRefused) {
      console.error(`Not restored: ${error.message}`);
    } else {
      console.error(`The restore failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    process.exit(1);
  },
);
