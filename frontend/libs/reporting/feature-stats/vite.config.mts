import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(() => ({
  root: import.meta.dirname,
  cacheDir: '../../../node_modules/.vite/libs/reporting/feature-stats',
  plugins: [react()],
  test: {
    name: 'reporting-feature-stats',
    watch: false,
    globals: true,
    environment: 'jsdom',
    // Slow under load on a shared 2-core machine (the call screen's many steps, MUI charts): 5 s timed out there.
    testTimeout: 30_000,
    include: ['src/**/*.{test,spec}.{js,mjs,cjs,ts,mts,cts,jsx,tsx}'],
    passWithNoTests: true,
    reporters: ['default'],
  },
}));
