export * from './lib/endpoints';
export * from './lib/call-log-format';
export * from './lib/download';
export * from './lib/search-params';
