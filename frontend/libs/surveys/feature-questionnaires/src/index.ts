export * from './lib/questionnaires-page';
export * from './lib/questionnaire-builder-page';
export * from './lib/questionnaire-viewer-page';
