export * from './lib/base-api';
export * from './lib/auth-slice';
export * from './lib/alert-slice';
export * from './lib/store';
export * from './lib/list-of';
export * from './lib/managers';
export { identity, projects } from './lib/endpoints';
export * from './lib/generated/identity';
export {
  useProjectsListLanguagesQuery, useProjectsCreateLanguageMutation, useProjectsDeleteLanguageMutation,
  useProjectsLanguageUsageQuery, type LanguageRead, type LanguageUsage,
} from './lib/generated/projects';
// The rosters context's generated calls as one namespace (its data-access lib adds the cache tags).
export * as rostersGenerated from './lib/generated/rosters';
// the PHI access audit search (kit.phi_audit: called-roster exports)
export { useLazyRostersSearchRostersPhiAuditQuery } from './lib/generated/rosters';
export * as projectsGenerated from './lib/generated/projects';
export * from './lib/generated/surveys';
// The error shapes both generated modules declare alike: identity's names win.
export type { ErrorBody, Message } from './lib/generated/identity';
export {
  callingApi, useCallingClaimNextCallMutation, useCallingSaveCallResultMutation, useCallingReleaseCallLockMutation,
  type VisitCallData, type CallResult, type CallState, type VisitInfo,
  // calling, log side: the call log, escalations and the progress chart (cache tags: @frontend/calling-data-access)
  useCallingListCallLogQuery, useCallingGetCallLogQuery, useCallingUpdateCallLogMutation,
  useCallingCallsProgressQuery, useCallingListEscalationsQuery, useCallingGetEscalationQuery,
  useCallingUpdateEscalationMutation,
  // the PHI access audit search (kit.phi_audit); its row type comes with the surveys module's
  useLazyCallingSearchCallingPhiAuditQuery,
  type CallLogRead, type CallLogDetail, type CallingListCallLogApiArg, type EscalationRead, type EscalationDetail,
  type CallingListEscalationsApiArg, type ProgressRead,
} from './lib/generated/calling';
export {
  useProjectsGetProjectQuery, useProjectsListProjectsQuery, useProjectsGetClientQuery, type ProjectRead, type SurveyDayCounts,
  type ProjectRead as ProjectDetailRead,
} from './lib/generated/projects';
export {
  reportingApi,
  useReportingGetCallStatsQuery, useReportingGetCallDispositionsQuery, useReportingGetSurveyorEarningsQuery,
  useReportingGetCallQualityQuery, type QualityRow, type CallQualityList, type ReportingGetCallQualityApiArg,
  useReportingGetSurveyorEarningsPayStubQuery, useReportingListSurveyorsQuery, useReportingSurveyorsInfoQuery,
  useReportingListServiceRecoveriesQuery, useReportingGetServiceRecoveryHeaderKeysQuery,
  useReportingSaveServiceRecoveryMutation, useReportingServiceRecoveryReportMutation,
  useReportingDeleteServiceRecoveryMutation, type SurveyorRow, type SurveyorProject, type SurveyorInfo,
  type ProjectRow as ServiceRecoveryProjectRow, type HistoryRow as ServiceRecoveryHistoryRow, type ServiceRecoveryBody, type ReportData,
  type DispositionRow, type DispositionRates,
  // the PHI access audit search (kit.phi_audit: client report exports)
  useLazyReportingSearchReportingPhiAuditQuery,
} from './lib/generated/reporting';
