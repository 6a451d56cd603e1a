
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
export default defineConfig(() => ({
    root: import.meta.dirname,
    cacheDir: '../../../node_modules/.vite/libs/shared/forms',
    plugins: [react(),],
    // Uncomment this if you are using workers.
    // worker: {
    //  plugins: [],
    // },
    test: {
        'name': 'shared-forms',
        'watch': false,
        'globals': true,
        'environment': "jsdom",
        'include': ["src/**/*.{test,spec}.{js,mjs,cjs,ts,mts,cts,jsx,tsx}"],
        'reporters': ["default"],
        'coverage': {
            'reportsDirectory': './test-output/vitest/coverage',
            'provider': 'v8' as const,
        }
    },
}));