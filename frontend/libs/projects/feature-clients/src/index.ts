export * from './lib/client-management-page';
