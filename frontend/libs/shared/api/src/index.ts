export * from './lib/base-api';
export * from './lib/auth-slice';
export * from './lib/alert-slice';
export * from './lib/store';
export { identity, projects } from './lib/endpoints';
export * from './lib/generated/identity';
export {
  useProjectsListLanguagesQuery, useProjectsCreateLanguageMutation, useProjectsDeleteLanguageMutation,
  type LanguageRead,
} from './lib/generated/projects';
export {
  reportingApi,
  useReportingGetCallStatsQuery, useReportingGetCallDispositionsQuery, useReportingGetSurveyorEarningsQuery,
  useReportingGetSurveyorEarningsPayStubQuery, useReportingListSurveyorsQuery, useReportingSurveyorsInfoQuery,
  useReportingListServiceRecoveriesQuery, useReportingGetServiceRecoveryHeaderKeysQuery,
  useReportingSaveServiceRecoveryMutation, useReportingServiceRecoveryReportMutation,
  useReportingDeleteServiceRecoveryMutation,
} from './lib/generated/reporting';
