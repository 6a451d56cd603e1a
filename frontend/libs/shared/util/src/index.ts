export * from './lib/constants';
export * from './lib/roles';
export * from './lib/rules';
export * from './lib/validation';
export * from './lib/storage';
export * from './lib/languages';
export * from './lib/survey-drafts';
export * from './lib/business-days';
