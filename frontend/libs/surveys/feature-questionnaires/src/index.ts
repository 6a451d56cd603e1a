export * from './lib/questionnaires-page';
export * from './lib/questionnaire-builder-page';
export * from './lib/questionnaire-viewer-page';
export * from './lib/questionnaire-pane';
export * from './lib/project-picker';
