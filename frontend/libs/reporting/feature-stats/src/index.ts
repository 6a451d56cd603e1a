export * from './lib/dashboard-page';
export * from './lib/surveyor-call-stats-page';
export * from './lib/surveyor-earnings-page';
export * from './lib/dispositions-panel';
export * from './lib/stats-filters';
