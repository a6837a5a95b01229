// `npm run db:backup` and `npm run db:restore -- <file>`: run the API's backup commands with the
// repository's .env, as `npm start` runs the server.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { installDependencies, root, run } from './lib.mjs';

const [command, ...args] = process.argv.slice(2);
if (command !== 'backup' && command !== 'restore') {
  console.error('Usage: node scripts/db.mjs backup | restore <file>');
  process.exit(1);
}
installDependencies();
const envFile = join(root, '.env');
run(
  process.execPath,
  [
    ...(existsSync(envFile) ? [`--env-file=${envFile}`] : []),
    '--import',
    'tsx',
    `api/src/backups/${command}-command.ts`,
    ...args,
  ],
  { quiet: true },
);
