export * from './lib/project-list-page';
export * from './lib/project-wizard-page';
export * from './lib/project-management-page';
export * from './lib/my-projects-page';
export * from './lib/surveyor-my-projects-page';
export * from './lib/project-detail-page';
export * from './lib/my-project-detail-page';
export * from './lib/project-info-page';
