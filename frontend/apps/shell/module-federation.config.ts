import type { ModuleFederationConfig } from '@nx/module-federation';
import { shared, additionalShared } from '../../module-federation.shared';

// No static remotes: a static remote's entry is fetched at start-up (to negotiate shared versions), and the
// role areas must load only after sign-in. src/app/remotes.ts registers them at run time instead, served by
// the same origin under /remotes/<name>/ (see tools/merge-dist.mjs).
const config: ModuleFederationConfig = {
  name: 'shell',
  remotes: [],
  shared,
  additionalShared,
};

export default config;
