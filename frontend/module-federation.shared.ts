// Sharing policy for the host and every remote. React, the router, Redux and the data/feature libraries are
// shared singletons (one store). The widget library (libs/shared/ui, with MUI, Emotion, ApexCharts, the date
// pickers) and the stateless form libraries are NOT shared: a shared module is bundled whole, which would put
// every widget on the login page; unshared, each build tree-shakes to what it uses. Remotes render their own
// widgets inside <ThemeScope> so they get the same theme.
import type { ModuleFederationConfig } from '@nx/module-federation';

const NOT_SHARED = [/^@frontend\/shared-ui/, /^@hookform\//, /^zod/, /^react-hook-form/, /^@mui\//, /^@emotion\//, /^apexcharts/, /^react-apexcharts/, /^dayjs/, /^react-dropzone/, /^@popperjs\//];

export const shared: ModuleFederationConfig['shared'] = (name, config) =>
  NOT_SHARED.some((re) => re.test(name)) ? false : config;
