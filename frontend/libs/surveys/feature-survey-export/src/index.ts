export * from './lib/survey-export-page';
