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
  callingApi, useCallingClaimNextCallMutation, useCallingSaveCallResultMutation, useCallingReleaseCallLockMutation,
  type VisitCallData, type CallResult, type CallState, type VisitInfo,
} from './lib/generated/calling';
export { useProjectsGetProjectQuery, type ProjectRead } from './lib/generated/projects';
export { useSurveysSaveCallSurveyMutation, type CallSurveySave, type SurveyEntry } from './lib/generated/surveys';
