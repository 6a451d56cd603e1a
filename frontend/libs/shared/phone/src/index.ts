export * from './lib/phone';
