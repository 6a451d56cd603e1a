// Merges the app builds into one static directory: the shell at dist/web/, each remote under
// dist/web/remotes/<name>/.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const web = join(root, 'dist/web');
const remotes = ['admin', 'manager', 'surveyor', 'quality', 'cleaner', 'cimr'];
rmSync(join(root, 'dist'), { recursive: true, force: true });
const copy = (from, to) => {
  const src = join(root, from);
  if (!existsSync(join(src, 'index.html')) && !existsSync(join(src, 'remoteEntry.js'))) throw new Error(`missing build output: ${from}`);
  mkdirSync(to, { recursive: true });
  cpSync(src, to, { recursive: true });
};
copy('apps/shell/dist', web);
for (const r of remotes) copy(`apps/${r}/dist`, join(web, 'remotes', r));
console.log(`merged into ${web}`);
