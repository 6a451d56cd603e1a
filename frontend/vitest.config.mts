import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['**/vite.config.{mjs,js,ts,mts}', '**/vitest.config.{mjs,js,ts,mts}', '!vitest.config.{mjs,js,ts,mts}', '!vite.config.{mjs,js,ts,mts}'],
    // Vitest's default is one worker less than the cores, i.e. ONE worker on the 2-core CI machine: the files ran
    // one after the other while the main process sat idle. Two workers there (the default elsewhere) nearly halve
    // the run; see docs/decisions.md "Frontend unit tests: speed" for the figures and what did not pay.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
