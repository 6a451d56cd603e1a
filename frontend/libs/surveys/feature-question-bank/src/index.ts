export * from './lib/question-bank-manager-page';
