// Sharing policy for the host and every remote. React, the router, Redux and the workspace libraries that hold
// state (libs/shared/{api,util} and each context's libs/<context>/data-access) are shared singletons: one store,
// one API slice, and every data-access lib's enhanceEndpoints applied to it. The widget library (libs/shared/ui,
// with MUI, Emotion, ApexCharts, the date pickers), the feature libraries and the stateless form libraries are
// NOT shared: a shared module is bundled whole, which would put every widget on the login page; unshared, each
// build tree-shakes to what it uses. Remotes render their own widgets inside <ThemeScope> so they get the same theme.
import type { ModuleFederationConfig } from '@nx/module-federation';
import { readdirSync, readFileSync, existsSync } from 'fs';
import { join } from 'path';

// shared-phone holds no state and carries libphonenumber-js: only the builds that show or take a phone include it.
const NOT_SHARED = [/^@frontend\/shared-ui/, /^@frontend\/shared-phone/, /^@frontend\/shared-forms/, /^libphonenumber-js/, /^@hookform\//, /^zod/, /^react-hook-form/, /^@mui\//, /^@emotion\//, /^apexcharts/, /^react-apexcharts/, /^dayjs/, /^react-dropzone/, /^@popperjs\//];

export const shared: ModuleFederationConfig['shared'] = (name, config) =>
  NOT_SHARED.some((re) => re.test(name)) ? false : config;

// Nx keys the workspace libraries it finds in the project graph by project name ("shared-api") when
// tsconfig has no path aliases, as in this npm-workspaces layout, so they never matched the imports
// ("@frontend/shared-api") and every remote bundled its own copy of the API slice: the host's middleware
// then knew none of the cache tags a data-access lib added, and lists stayed stale after a change.
// The libraries that hold state are therefore shared here by their package names, as singletons.
function statefulLibraries(): string[] {
  const names: string[] = [];
  const libs = join(__dirname, 'libs');
  for (const context of readdirSync(libs)) {
    for (const lib of ['data-access', 'api', 'util']) {
      const pkg = join(libs, context, lib, 'package.json');
      if (existsSync(pkg)) names.push(JSON.parse(readFileSync(pkg, 'utf8')).name);
    }
  }
  return names;
}

export const additionalShared: ModuleFederationConfig['additionalShared'] = statefulLibraries().map((name) => ({
  libraryName: name,
  sharedConfig: { singleton: true, requiredVersion: false, eager: false },
}));

/** The module-federation config of a remote: it exposes its route table (src/app/routes.tsx) as ./Routes. */
export function remoteConfig(name: string): ModuleFederationConfig {
  return { name, exposes: { './Routes': './src/remote-entry.ts' }, shared, additionalShared };
}
