// Regenerates the RTK Query endpoints from every OpenAPI document in openapi/ (one per backend service).
// Output goes to libs/shared/api/src/lib/generated/<service>.ts; those files are never edited by hand.
import { generateEndpoints } from '@rtk-query/codegen-openapi';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, 'libs/shared/api/src/lib/generated');
// Unchanged outputs keep their timestamps, so a regeneration with no drift does not trigger a rebuild.
const before = new Map();
if (existsSync(outDir)) {
  for (const f of readdirSync(outDir)) {
    const file = join(outDir, f);
    before.set(file, { text: readFileSync(file, 'utf8'), mtime: statSync(file).mtime });
  }
}
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
process.chdir(root);
const services = readdirSync(join(root, 'openapi')).filter((f) => f.endsWith('.json')).sort();
// The services publish full paths (/api/...); the one api's base is /api, so the prefix is dropped here.
const tmp = mkdtempSync(join(tmpdir(), 'openapi-'));
for (const file of services) {
  const service = file.replace(/\.json$/, '');
  const doc = JSON.parse(readFileSync(join(root, 'openapi', file), 'utf8'));
  doc.paths = Object.fromEntries(Object.entries(doc.paths ?? {}).map(([p, v]) => [p.replace(/^\/api(?=\/)/, ''), v]));
  const schemaFile = join(tmp, file);
  writeFileSync(schemaFile, JSON.stringify(doc));
  await generateEndpoints({
    schemaFile,
    apiFile: './libs/shared/api/src/lib/base-api.ts',
    apiImport: 'baseApi',
    outputFile: `./libs/shared/api/src/lib/generated/${service}.ts`,
    exportName: `${service}Api`,
    hooks: { queries: true, lazyQueries: true, mutations: true },
    // Cache tags are added by hand, per id, in libs/shared/api/src/lib/endpoints.ts.
    tag: false,
  });
  console.log(`generated ${service}`);
}
rmSync(tmp, { recursive: true, force: true });
for (const [file, { text, mtime }] of before) {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) utimesSync(file, mtime, mtime);
}
