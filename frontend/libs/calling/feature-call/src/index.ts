export * from './lib/call-screen';
