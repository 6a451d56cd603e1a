export * from './lib/logic-evaluator';
