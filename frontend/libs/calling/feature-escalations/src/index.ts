export * from './lib/escalations-page';
export * from './lib/escalation-detail-page';
