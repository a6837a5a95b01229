// `npm run test:fast`: the quick loop while working: lint and format (biome ci), types (tsc -b) and the
// Vitest project 'unit' (no server process, SMTP server, child process, open port or large seed).
// `npm test` runs these and everything else. Stops at the first failing step with its exit code.
import { installDependencies, pnpm, stepTimings } from './lib.mjs';

const { timed, report } = stepTimings();

installDependencies();
await timed('Lint and format (biome ci)', () => pnpm(['exec', 'biome', 'ci', '.']));
await timed('Type check (tsc -b)', () => pnpm(['exec', 'tsc', '-b']));
await timed('Unit tests (vitest, project unit)', () => pnpm(['exec', 'vitest', 'run', '--project', 'unit']));

console.log(
  '\n✔ Fast checks passed (npm test runs the integration tests, build, stories and end-to-end too)',
);
report();
