import type { ModuleFederationConfig } from '@nx/module-federation';
import { shared } from '../../module-federation.shared';

// Remotes are served by the same origin under /remotes/<name>/ (see tools/merge-dist.mjs).
export const REMOTE_NAMES = ['admin', 'manager', 'surveyor', 'quality', 'cleaner', 'cimr'] as const;

const config: ModuleFederationConfig = {
  name: 'shell',
  remotes: REMOTE_NAMES.map((name) => [name, `/remotes/${name}/remoteEntry.js`] as [string, string]),
  shared,
};

export default config;
