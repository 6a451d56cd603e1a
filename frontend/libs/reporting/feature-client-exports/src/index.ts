export * from './lib/client-report-exports-page';
export * from './lib/client-data-exports-page';
