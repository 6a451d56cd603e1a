export * from './lib/project-wizard';
export * from './lib/admin-project-pages';
export * from './lib/visit-info';
export * from './lib/my-projects';
export * from './lib/project-detail';
