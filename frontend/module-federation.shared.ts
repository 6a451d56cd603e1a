// Sharing policy for the host and every remote. React, the router, Redux and the workspace libraries of every
// context (libs/<context>/{data-access,feature-*,ui}, libs/shared/{api,util}) are shared singletons: one store,
// and one copy of each data-access lib's enhanceEndpoints. The widget library (libs/shared/ui, with MUI, Emotion, ApexCharts, the date
// pickers) and the stateless form libraries are NOT shared: a shared module is bundled whole, which would put
// every widget on the login page; unshared, each build tree-shakes to what it uses. Remotes render their own
// widgets inside <ThemeScope> so they get the same theme.
import type { ModuleFederationConfig } from '@nx/module-federation';

const NOT_SHARED = [/^@frontend\/shared-ui/, /^@hookform\//, /^zod/, /^react-hook-form/, /^@mui\//, /^@emotion\//, /^apexcharts/, /^react-apexcharts/, /^dayjs/, /^react-dropzone/, /^@popperjs\//];

export const shared: ModuleFederationConfig['shared'] = (name, config) =>
  NOT_SHARED.some((re) => re.test(name)) ? false : config;

/** The module-federation config of a remote: it exposes its route table (src/app/routes.tsx) as ./Routes. */
export function remoteConfig(name: string): ModuleFederationConfig {
  return { name, exposes: { './Routes': './src/remote-entry.ts' }, shared };
}
