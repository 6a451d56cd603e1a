// Role-family remotes, registered at run time and fetched on first use (after sign-in).
import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

export const REMOTE_NAMES = ['admin', 'manager', 'surveyor', 'quality', 'cleaner', 'cimr'] as const;

// Registered on first use, not at start-up: the runtime fetches every registered remote's entry when it
// initialises sharing, and nothing of the role areas may load before sign-in.
let registered = false;

export async function loadRemoteRoutes(name: string): Promise<{ default: ComponentType<{ role: number }> }> {
  if (!registered) {
    registerRemotes(REMOTE_NAMES.map((n) => ({ name: n, entry: `/remotes/${n}/remoteEntry.js` })));
    registered = true;
  }
  const mod = await loadRemote<{ default: ComponentType<{ role: number }> }>(`${name}/Routes`);
  if (!mod) throw new Error(`remote ${name} did not load`);
  return mod;
}
