export * from './lib/questionnaire-pane';
export * from './lib/questionnaire-viewer-page';
export * from './lib/questionnaires-page';
export * from './lib/questionnaire-wizard-page';
export * from './lib/question-bank-page';
export * from './lib/project-picker';
