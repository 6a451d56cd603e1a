export * from './lib/assignments-page';
export * from './lib/project-assignment-page';
