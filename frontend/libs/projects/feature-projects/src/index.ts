export * from './lib/client-management-page';
export * from './lib/project-wizard';
export * from './lib/admin-project-pages';
export * from './lib/visit-info';
