import { defineConfig } from '@playwright/test';

// Runs against an already running SurveyOps (API + built UI on one origin), e.g. `make run`.
export default defineConfig({
  testDir: '.',
  outputDir: '../test-results/artifacts',
  // Spec files may run side by side against the one served app (E2E_WORKERS=2); tests within a file stay in order.
  fullyParallel: false,
  workers: Number(process.env['E2E_WORKERS'] ?? 1),
  // Files are handed to the workers in this order: the longest (surveys, a chain of steps that must stay in one
  // worker) first, so that two workers end at about the same time instead of one running it alone at the end.
  projects: [
    { name: 'long', testMatch: 'surveys.spec.ts' },
    { name: 'rest', testIgnore: 'surveys.spec.ts' },
  ],
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env['E2E_BASE_URL'] ?? 'http://127.0.0.1:8000',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] },
  },
});
