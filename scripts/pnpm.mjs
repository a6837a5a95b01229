// `node scripts/pnpm.mjs <args>`: pnpm 10 for the root npm scripts, installing the workspace first.
import { installDependencies, pnpm } from './lib.mjs';

installDependencies();
pnpm(process.argv.slice(2));
