export * from './lib/projects-api';
export * from './lib/labels';
export * from './lib/use-pdf';
