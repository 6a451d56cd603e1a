export * from './lib/call-log-page';
export * from './lib/call-log-details';
export * from './lib/call-log-download-page';
export * from './lib/call-quality-page';
