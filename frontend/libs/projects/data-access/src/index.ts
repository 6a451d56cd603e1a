// The projects context's data access: cache tags via enhanceEndpoints, hooks, labels, form schemas, PDF loader.
export * from './lib/projects-api';
export * from './lib/labels';
export * from './lib/use-pdf';
export * from './lib/schemas';
