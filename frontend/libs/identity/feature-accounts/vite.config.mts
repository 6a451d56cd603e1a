
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
export default defineConfig(() => ({
    root: import.meta.dirname,
    cacheDir: '../../../node_modules/.vite/libs/identity/feature-accounts',
    plugins: [react(),],
    // Uncomment this if you are using workers.
    // worker: {
    //  plugins: [],
    // },
    test: {
        'name': 'identity-feature-accounts',
        'watch': false,
        'globals': true,
        'environment': "jsdom",
        // Slow under load on a shared 2-core machine (MUI dialogs, lazy chunks).
        'testTimeout': 30_000,
        'include': ["src/**/*.{test,spec}.{js,mjs,cjs,ts,mts,cts,jsx,tsx}"],
        'reporters': ["default"],
        'coverage': {
            'reportsDirectory': './test-output/vitest/coverage',
            'provider': 'v8' as const,
        }
    },
}));