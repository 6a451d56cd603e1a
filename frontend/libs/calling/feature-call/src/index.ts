export * from './lib/draft-queue';
export * from './lib/call-screen';
