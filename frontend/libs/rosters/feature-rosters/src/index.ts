export * from './lib/roster-upload-page';
export * from './lib/roster-export-page';
