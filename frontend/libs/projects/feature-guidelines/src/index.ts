export * from './lib/surveyor-guidelines-page';
