// Presentational components of this context.
export {};
