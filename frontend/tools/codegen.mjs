// Regenerates the RTK Query endpoints from every OpenAPI document in openapi/ (one per backend service).
// Output goes to libs/shared/api/src/lib/generated/<service>.ts; those files are never edited by hand.
import { generateEndpoints } from '@rtk-query/codegen-openapi';
import { readdirSync, rmSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, 'libs/shared/api/src/lib/generated');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
process.chdir(root);
const services = readdirSync(join(root, 'openapi')).filter((f) => f.endsWith('.json')).sort();
for (const file of services) {
  const service = file.replace(/\.json$/, '');
  await generateEndpoints({
    schemaFile: `./openapi/${file}`,
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
