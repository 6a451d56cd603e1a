export * from './lib/comment-cleaning-selection-page';
export * from './lib/comment-cleaning-page';
