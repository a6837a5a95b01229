// After `tsc -p tsconfig.build.json`: makes the declarations in dist/types self-contained for the
// published package. @cleanquote/quote-core is private and bundled into dist/index.js, so imports of
// it (its main entry and /server) are pointed at its emitted declarations; source-style `.ts`/`.tsx`
// specifiers become `.js`.
// Then writes dist/index.d.ts and dist/no-script-form.d.ts, the entries named by the package's
// exports map.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const typesRoot = join(packageRoot, 'dist', 'types');
// The quote-core entries the wizard imports, by subpath ('' for the main entry), and their declarations.
const coreEntries = {
  '': join(typesRoot, 'quote-core', 'src', 'index.js'),
  '/server': join(typesRoot, 'quote-core', 'src', 'server.js'),
};

function declarationFiles(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return declarationFiles(path);
    return entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function relativeSpecifier(fromFile, target) {
  const path = relative(dirname(fromFile), target).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

const files = declarationFiles(typesRoot);
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const fixed = text
    .replace(
      /(from\s+|import\(\s*)(['"])@cleanquote\/quote-core(\/server)?\2/g,
      (_, lead, quote, subpath) => {
        return `${lead}${quote}${relativeSpecifier(file, coreEntries[subpath ?? ''])}${quote}`;
      },
    )
    .replace(/(from\s+|import\(\s*)(['"])(\.{1,2}\/[^'"]+)\.tsx?\2/g, '$1$2$3.js$2');
  if (fixed !== text) writeFileSync(file, fixed);
}
// Any other workspace package (the package's own name may appear in doc comments).
const privateImport = /(from\s+|import\(\s*)['"]@cleanquote\/(?!quote-wizard)/;
const leftovers = files.filter((file) => privateImport.test(readFileSync(file, 'utf8')));
if (leftovers.length > 0) {
  console.error(`Declarations still import private packages:\n  ${leftovers.join('\n  ')}`);
  process.exit(1);
}
for (const entry of ['index', 'no-script-form']) {
  writeFileSync(
    join(packageRoot, 'dist', `${entry}.d.ts`),
    `export * from './types/quote-wizard/src/${entry}.js';\n`,
  );
}
console.log(
  `Declarations ready: ${files.length} files under dist/types, entries dist/index.d.ts and dist/no-script-form.d.ts`,
);
