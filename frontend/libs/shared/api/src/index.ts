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
// calling, log side: the call log, escalations and the progress chart (cache tags: @frontend/calling-data-access)
export {
  callingApi, useCallingListCallLogQuery, useCallingGetCallLogQuery, useCallingUpdateCallLogMutation,
  useCallingCallsProgressQuery, useCallingListEscalationsQuery, useCallingGetEscalationQuery,
  useCallingUpdateEscalationMutation,
  type CallLogRead, type CallingListCallLogApiArg, type EscalationRead, type EscalationDetail,
  type CallingListEscalationsApiArg, type ProgressRead,
} from './lib/generated/calling';
export {
  useProjectsGetProjectQuery, useProjectsListProjectsQuery, useProjectsGetClientQuery, type ProjectRead as ProjectDetailRead,
} from './lib/generated/projects';
