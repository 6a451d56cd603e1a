export * from './lib/sampling-page';
