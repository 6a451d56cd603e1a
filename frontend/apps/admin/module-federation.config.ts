import type { ModuleFederationConfig } from '@nx/module-federation';
import { shared } from '../../module-federation.shared';

const config: ModuleFederationConfig = {
  name: 'admin',
  exposes: { './Routes': './src/remote-entry.ts' },
  shared,
};

export default config;
