export * from './lib/my-surveyors-page';
export * from './lib/surveyor-projects-page';
export * from './lib/surveyor-project-detail-page';
