export * from './lib/guidelines-gate';
export * from './lib/surveyor-guidelines-page';
