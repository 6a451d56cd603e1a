export * from './lib/logic-evaluator';
export * from './lib/languages';
export * from './lib/csv-download';
export * from './lib/cache-tags';
