export * from './lib/assignments-page';
