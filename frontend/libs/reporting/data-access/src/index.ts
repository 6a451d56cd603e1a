// The reporting context's data access: the generated hooks come from @frontend/shared-api; helpers here.
export * from './lib/csv';
export * from './lib/format';
