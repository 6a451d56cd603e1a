// ESLint for the whole frontend workspace: the Nx presets (typescript-eslint, React with react-hooks and
// jsx-a11y) and the module boundaries between bounded contexts (docs/frontend.md, "Lint rules").
import nx from '@nx/eslint-plugin';

export default [
  {
    ignores: [
      '**/dist',
      '**/out-tsc',
      '**/test-output',
      '**/node_modules',
      'test-results',
      'playwright-report',
      'libs/shared/api/src/lib/generated/**',
      '**/vite.config.*.timestamp*',
      '**/vitest.config.*.timestamp*',
    ],
  },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  ...nx.configs['flat/react'],
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mjs', '**/*.mts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          // The apps' build configs share the workspace root's federation and rspack helpers.
          allow: ['../../module-federation.shared', '../../rspack.common'],
          depConstraints: [
            // Apps (the shell and the six remotes) compose libraries; nothing depends on an app.
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:util'] },
            // A feature library uses its own context's data-access and ui libraries and the shared ones; a
            // screen of another context reaches it only through the remote's route table (slot props).
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:data-access', 'type:ui', 'type:util'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util'] },
            { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            ...['identity', 'projects', 'rosters', 'calling', 'surveys', 'reporting'].map((ctx) => ({
              sourceTag: `scope:${ctx}`,
              onlyDependOnLibsWithTags: [`scope:${ctx}`, 'scope:shared'],
            })),
          ],
        },
      ],
    },
  },
];
