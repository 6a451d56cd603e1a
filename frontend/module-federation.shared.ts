// Sharing policy for the host and every remote. React, the router, Redux and the workspace libraries are
// shared singletons (one store, one theme). MUI, Emotion, ApexCharts and the date pickers are NOT shared as
// packages: they are only imported by libs/shared/ui, which is itself shared, so they still exist once,
// while the bundler can tree-shake them (a shared package is bundled whole).
import type { ModuleFederationConfig } from '@nx/module-federation';

const NOT_SHARED = [/^@hookform\//, /^zod/, /^react-hook-form/, /^@mui\//, /^@emotion\//, /^apexcharts/, /^react-apexcharts/, /^dayjs/, /^react-dropzone/, /^@popperjs\//];

export const shared: ModuleFederationConfig['shared'] = (name, config) =>
  NOT_SHARED.some((re) => re.test(name)) ? false : config;
