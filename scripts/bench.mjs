// `npm run bench`: runs every benchmark under bench/ and prints its figures beside a baseline
// measured in the same run. Not part of `npm test`: figures vary with the machine.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { installDependencies, root, run, step } from './lib.mjs';

installDependencies();
const directory = join(root, 'bench');
const benches = (existsSync(directory) ? readdirSync(directory) : [])
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();
for (const name of benches) {
  step(`Benchmark ${name}`);
  run(process.execPath, ['--import', 'tsx', join(directory, name)]);
}
