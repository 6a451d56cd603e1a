export * from './lib/draft-queue';
export * from './lib/call-screen';
export * from './lib/resubmit-saved-drafts';
