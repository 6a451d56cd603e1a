import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    callingReleaseCallLock: build.mutation<
      CallingReleaseCallLockApiResponse,
      CallingReleaseCallLockApiArg
    >({
      query: (queryArg) => ({
        url: `/call-lock`,
        method: "PUT",
        body: queryArg.callLockRelease,
      }),
    }),
    callingClaimNextCall: build.mutation<
      CallingClaimNextCallApiResponse,
      CallingClaimNextCallApiArg
    >({
      query: (queryArg) => ({
        url: `/calls`,
        method: "POST",
        body: queryArg.callClaim,
      }),
    }),
    callingSaveCallResult: build.mutation<
      CallingSaveCallResultApiResponse,
      CallingSaveCallResultApiArg
    >({
      query: (queryArg) => ({
        url: `/calls`,
        method: "PUT",
        body: queryArg.callResult,
        headers: {
          "Idempotency-Key": queryArg["Idempotency-Key"],
        },
      }),
    }),
    callingListCallLog: build.query<
      CallingListCallLogApiResponse,
      CallingListCallLogApiArg
    >({
      query: (queryArg) => ({
        url: `/calls-log`,
        params: {
          type: queryArg["type"],
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
          from: queryArg["from"],
          to: queryArg.to,
          tz: queryArg.tz,
          isComplete: queryArg.isComplete,
          managerId: queryArg.managerId,
          projectId: queryArg.projectId,
          responseType: queryArg.responseType,
          searchPhone: queryArg.searchPhone,
          surveyorId: queryArg.surveyorId,
        },
      }),
    }),
    callingUpdateCallLog: build.mutation<
      CallingUpdateCallLogApiResponse,
      CallingUpdateCallLogApiArg
    >({
      query: (queryArg) => ({
        url: `/calls-log`,
        method: "PUT",
        body: queryArg.callLogUpdate,
      }),
    }),
    callingExportCallLog: build.query<
      CallingExportCallLogApiResponse,
      CallingExportCallLogApiArg
    >({
      query: (queryArg) => ({
        url: `/calls-log/export`,
        params: {
          from: queryArg["from"],
          to: queryArg.to,
          tz: queryArg.tz,
          isComplete: queryArg.isComplete,
          managerId: queryArg.managerId,
          projectId: queryArg.projectId,
          responseType: queryArg.responseType,
          searchPhone: queryArg.searchPhone,
          surveyorId: queryArg.surveyorId,
        },
      }),
    }),
    callingGetCallLog: build.query<
      CallingGetCallLogApiResponse,
      CallingGetCallLogApiArg
    >({
      query: (queryArg) => ({ url: `/calls-log/${queryArg.callId}` }),
    }),
    callingCallsProgress: build.query<
      CallingCallsProgressApiResponse,
      CallingCallsProgressApiArg
    >({
      query: (queryArg) => ({
        url: `/calls-progress`,
        params: {
          isWeekly: queryArg.isWeekly,
          projectId: queryArg.projectId,
          managerId: queryArg.managerId,
          surveyorId: queryArg.surveyorId,
        },
      }),
    }),
    callingListEscalations: build.query<
      CallingListEscalationsApiResponse,
      CallingListEscalationsApiArg
    >({
      query: (queryArg) => ({
        url: `/escalations`,
        params: {
          from: queryArg["from"],
          to: queryArg.to,
          tz: queryArg.tz,
          projectId: queryArg.projectId,
          surveyorId: queryArg.surveyorId,
          managerId: queryArg.managerId,
          status: queryArg.status,
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
        },
      }),
    }),
    callingUpdateEscalation: build.mutation<
      CallingUpdateEscalationApiResponse,
      CallingUpdateEscalationApiArg
    >({
      query: (queryArg) => ({
        url: `/escalations`,
        method: "PUT",
        body: queryArg.escalationUpdate,
      }),
    }),
    callingGetEscalation: build.query<
      CallingGetEscalationApiResponse,
      CallingGetEscalationApiArg
    >({
      query: (queryArg) => ({ url: `/escalations/${queryArg.escalationId}` }),
    }),
    callingSearchCallingPhiAudit: build.query<
      CallingSearchCallingPhiAuditApiResponse,
      CallingSearchCallingPhiAuditApiArg
    >({
      query: (queryArg) => ({
        url: `/phi-audit/calling`,
        params: {
          userId: queryArg.userId,
          visitId: queryArg.visitId,
          patient: queryArg.patient,
          from: queryArg["from"],
          to: queryArg.to,
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
        },
      }),
    }),
    callingExportCallingPhiAudit: build.query<
      CallingExportCallingPhiAuditApiResponse,
      CallingExportCallingPhiAuditApiArg
    >({
      query: (queryArg) => ({
        url: `/phi-audit/calling/export`,
        params: {
          userId: queryArg.userId,
          visitId: queryArg.visitId,
          patient: queryArg.patient,
          from: queryArg["from"],
          to: queryArg.to,
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as callingApi };
export type CallingReleaseCallLockApiResponse =
  /** status 200 Successful Response */ DataResponseCallReleased;
export type CallingReleaseCallLockApiArg = {
  callLockRelease: CallLockRelease;
};
export type CallingClaimNextCallApiResponse =
  /** status 200 Successful Response */ DataResponseVisitCallData;
export type CallingClaimNextCallApiArg = {
  callClaim: CallClaim;
};
export type CallingSaveCallResultApiResponse =
  /** status 200 Successful Response */ DataResponseCallState;
export type CallingSaveCallResultApiArg = {
  "Idempotency-Key"?: string | null;
  callResult: CallResult;
};
export type CallingListCallLogApiResponse =
  /** status 200 Successful Response */ CallLogList;
export type CallingListCallLogApiArg = {
  /** the screen variant; scope comes from the role */
  type?: string | null;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
  from?: string | null;
  to?: string | null;
  /** time zone of from/to dates */
  tz?: string | null;
  isComplete?: boolean | null;
  managerId?: number | null;
  projectId?: number | null;
  responseType?: number | null;
  searchPhone?: string | null;
  surveyorId?: number | null;
};
export type CallingUpdateCallLogApiResponse =
  /** status 200 Successful Response */ DataResponseCallLogDetail;
export type CallingUpdateCallLogApiArg = {
  callLogUpdate: CallLogUpdate;
};
export type CallingExportCallLogApiResponse =
  /** status 200 CSV with a BOM */ any;
export type CallingExportCallLogApiArg = {
  from?: string | null;
  to?: string | null;
  /** time zone of from/to dates */
  tz?: string | null;
  isComplete?: boolean | null;
  managerId?: number | null;
  projectId?: number | null;
  responseType?: number | null;
  searchPhone?: string | null;
  surveyorId?: number | null;
};
export type CallingGetCallLogApiResponse =
  /** status 200 Successful Response */ DataResponseCallLogDetail;
export type CallingGetCallLogApiArg = {
  callId: number;
};
export type CallingCallsProgressApiResponse =
  /** status 200 Successful Response */ DataResponseProgressRead;
export type CallingCallsProgressApiArg = {
  isWeekly?: boolean;
  projectId?: number | null;
  managerId?: number | null;
  surveyorId?: number | null;
};
export type CallingListEscalationsApiResponse =
  /** status 200 Successful Response */ ListResponseEscalationRead;
export type CallingListEscalationsApiArg = {
  from?: string | null;
  to?: string | null;
  tz?: string | null;
  projectId?: number | null;
  surveyorId?: number | null;
  managerId?: number | null;
  /** true resolved, false unresolved */
  status?: boolean | null;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type CallingUpdateEscalationApiResponse =
  /** status 200 Successful Response */ DataResponseEscalationDetail;
export type CallingUpdateEscalationApiArg = {
  escalationUpdate: EscalationUpdate;
};
export type CallingGetEscalationApiResponse =
  /** status 200 Successful Response */ DataResponseEscalationDetail;
export type CallingGetEscalationApiArg = {
  escalationId: number;
};
export type CallingSearchCallingPhiAuditApiResponse =
  /** status 200 Successful Response */ ListResponsePhiAccessRead;
export type CallingSearchCallingPhiAuditApiArg = {
  userId?: number | null;
  visitId?: number | null;
  /** the patient's id (MRN / visitor id) */
  patient?: string | null;
  /** YYYY-MM-DD, a whole America/Chicago day, included */
  from?: string | null;
  /** YYYY-MM-DD, a whole America/Chicago day, included */
  to?: string | null;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type CallingExportCallingPhiAuditApiResponse = /** status 200 CSV */ any;
export type CallingExportCallingPhiAuditApiArg = {
  userId?: number | null;
  visitId?: number | null;
  /** the patient's id (MRN / visitor id) */
  patient?: string | null;
  /** YYYY-MM-DD, a whole America/Chicago day, included */
  from?: string | null;
  /** YYYY-MM-DD, a whole America/Chicago day, included */
  to?: string | null;
};
export type CallReleased = {
  attemptCounted: boolean;
  callId: number;
  released: boolean;
};
export type DataResponseCallReleased = {
  data: CallReleased;
  message?: string;
};
export type ErrorBody = {
  message: string;
  statusCode: number;
};
export type CallLockRelease = {
  callId: number;
  projectId: number;
  /** informational; results are saved with PUT /api/calls */
  result?: number | null;
};
export type AssignedGoals = {
  surveyorCompGoals?: number | null;
  surveyorGoals?: number | null;
};
export type SamplingParameterRead = {
  id: number;
  priority: number;
  typeId: number;
};
export type VisitInfo = {
  field: string;
  show?: boolean;
  value?: any;
};
export type VisitCallData = {
  age: number | null;
  assignedGoals: AssignedGoals;
  callId: number;
  callStart: string;
  center: string | null;
  chpw: string | null;
  department: string | null;
  dos: string | null;
  ethnicity: string | null;
  gender: string | null;
  guarantor: string | null;
  languageId: number;
  lockExpiresAt: string;
  payerType: string | null;
  phoneCell: string | null;
  phoneHome: string | null;
  projectId: number;
  provider: string | null;
  providerType: string | null;
  race: string | null;
  samplingParameters?: SamplingParameterRead[];
  /** a held call given back (a reload): the survey language its interim Agreed save recorded; null for a new call */
  surveyLanguageId?: number | null;
  typeId: number | null;
  visitId: number;
  visitInfos?: VisitInfo[];
  visitorId: string;
  visitorName: string;
};
export type DataResponseVisitCallData = {
  data: VisitCallData;
  message?: string;
};
export type CallClaim = {
  projectId: number;
  surveyorId: number;
};
export type CallState = {
  callId: number;
  callStart: string;
  callbackAt?: string | null;
  endedAt: string | null;
  isAgreeComplete: boolean | null;
  isPartial: boolean | null;
  projectId: number;
  result: number | null;
  status: string;
  surveyCompletedOn: string | null;
  surveyLanguageId: number | null;
  surveyedOn: string | null;
  surveyorId: number;
  visitId: number;
};
export type DataResponseCallState = {
  data: CallState;
  message?: string;
};
export type CallResult = {
  callStart?: string | null;
  /** result 6 only: when to call back, an ISO 8601 instant with its offset, in the future */
  callbackAt?: string | null;
  callerId?: number | null;
  /** the Do Not Call checkbox: forces result 2 (Do Not Call) */
  doNotCall?: boolean;
  escalation?:
    | boolean
    | string
    | {
        [key: string]: any;
      }
    | null;
  /** the callId */
  id: number;
  isAgreeComplete?: boolean | null;
  isPartial?: boolean;
  isQARemoval?: boolean | null;
  negative?: string | null;
  positive?: string | null;
  projectId: number;
  /** 1 Agreed to Survey ... 7 Incorrect Roster Information */
  result: number;
  surveyCompletedOn?: string | null;
  surveyLanguageId?: number | null;
  visitId: number;
  /** the patient, as the call data gives it */
  visitorId: string;
};
export type EscalationRef = {
  id: number;
  notes?: string | null;
  status: boolean;
};
export type ProjectRef = {
  id: number;
  name?: string | null;
};
export type SurveyAnswerRef = {
  ansId?: number | null;
  answer?: string | null;
  openEnded?: string | null;
  quesId: number;
  question?: string | null;
  sequence?: number | null;
};
export type LanguageRef = {
  id?: number | null;
  name?: string | null;
};
export type PersonRef = {
  firstName?: string | null;
  id?: number | null;
  lastName?: string | null;
};
export type CallLogRead = {
  age: number | null;
  attempts: number | null;
  callId: number;
  callStart: string;
  chpw: string | null;
  departmentName: string | null;
  dob: string | null;
  dos: string | null;
  escalation?: EscalationRef | null;
  ethnicity: string | null;
  gender: string | null;
  guarantor: string | null;
  id: number;
  isAgreeComplete: boolean | null;
  isPartial: boolean | null;
  isQARemoval?: boolean | null;
  language: string | null;
  languageId: number | null;
  mrn: string | null;
  negative: string | null;
  patientFirstName: string | null;
  patientFullName: string;
  patientLastName: string | null;
  payerType: string | null;
  phoneCell: string | null;
  phoneHome: string | null;
  positive: string | null;
  project: ProjectRef;
  projectId: number;
  providerName: string | null;
  providerType: string | null;
  race: string | null;
  result: number | null;
  resultName?: string | null;
  siteName: string | null;
  status: string;
  survey?: SurveyAnswerRef[];
  surveyCompletedOn: string | null;
  surveyLanguage: LanguageRef;
  surveyLanguageId: number | null;
  surveyedOn: string | null;
  typeId: number | null;
  user: PersonRef;
  visitId: number;
  visitorId: string | null;
};
export type CallLogList = {
  /** calls matching; exact when countIsExact, else a lower bound (counting stops 10,000 rows past the page) */
  count: number;
  countIsExact?: boolean;
  rows: CallLogRead[];
};
export type CallLogDetail = {
  age: number | null;
  attempts: number | null;
  callId: number;
  callStart: string;
  /** Scheduled Another Time to Contact: the appointment the surveyor took (UTC) */
  callbackAt?: string | null;
  chpw: string | null;
  departmentName: string | null;
  dob: string | null;
  dos: string | null;
  escalation?: EscalationRef | null;
  ethnicity: string | null;
  gender: string | null;
  guarantor: string | null;
  id: number;
  isAgreeComplete: boolean | null;
  isPartial: boolean | null;
  isQARemoval?: boolean | null;
  language: string | null;
  languageId: number | null;
  mrn: string | null;
  negative: string | null;
  /** the cleaned negative comment with the named staff members; null until comment cleaning cleaned it */
  negativeWNSM?: string | null;
  /** the cleaned negative comment without the named staff members; null until comment cleaning cleaned it */
  negativeWoNSM?: string | null;
  patientFirstName: string | null;
  patientFullName: string;
  patientLastName: string | null;
  payerType: string | null;
  phoneCell: string | null;
  phoneHome: string | null;
  positive: string | null;
  /** the cleaned positive comment with the named staff members; null until comment cleaning cleaned it */
  positiveWNSM?: string | null;
  /** the cleaned positive comment without the named staff members; null until comment cleaning cleaned it */
  positiveWoNSM?: string | null;
  project: ProjectRef;
  projectId: number;
  providerName: string | null;
  providerType: string | null;
  race: string | null;
  result: number | null;
  resultName?: string | null;
  siteName: string | null;
  status: string;
  survey?: SurveyAnswerRef[];
  surveyCompletedOn: string | null;
  surveyLanguage: LanguageRef;
  surveyLanguageId: number | null;
  surveyedOn: string | null;
  typeId: number | null;
  user: PersonRef;
  visitId: number;
  /** the visit's call-detail fields the project shows, as the call screen has them */
  visitInfo?: VisitInfo[];
  /** the visit's patient type (Established, New) */
  visitPurpose?: string | null;
  visitorId: string | null;
};
export type DataResponseCallLogDetail = {
  data: CallLogDetail;
  message?: string;
};
export type CallLogExpected = {
  isQARemoval?: boolean | null;
  negative?: string | null;
  positive?: string | null;
};
export type CallLogUpdate = {
  expected?: CallLogExpected | null;
  /** the callId */
  id: number;
  isQARemoval?: boolean | null;
  negative?: string | null;
  positive?: string | null;
};
export type ProgressDay = {
  calls: number;
  date: string;
  surveys: number;
};
export type ProgressRead = {
  days: ProgressDay[];
  from: string;
  isWeekly: boolean;
  max: number;
  timezone: string;
  to: string;
  totalCalls: number;
  totalSurveys: number;
};
export type DataResponseProgressRead = {
  data: ProgressRead;
  message?: string;
};
export type EscalationProject = {
  clientId?: number | null;
  id: number;
  managerId?: number | null;
  name?: string | null;
  typeId?: number | null;
};
export type EscalationRead = {
  callHisId: number;
  callId: number;
  id: number;
  notes: string | null;
  project: EscalationProject;
  projectId: number;
  resolvedAt: string | null;
  status: boolean;
  statusName: string;
  surveyedOn: string;
  surveyor: PersonRef;
  surveyorId: number;
};
export type ListResponseEscalationRead = {
  count: number;
  rows: EscalationRead[];
};
export type EscalationDetail = {
  callHisId: number;
  callId: number;
  id: number;
  log: CallLogRead | null;
  notes: string | null;
  project: EscalationProject;
  projectId: number;
  resolvedAt: string | null;
  status: boolean;
  statusName: string;
  surveyedOn: string;
  surveyor: PersonRef;
  surveyorId: number;
};
export type DataResponseEscalationDetail = {
  data: EscalationDetail;
  message?: string;
};
export type EscalationUpdate = {
  /** the escalation's callId (checked when given) */
  callHisId?: number | null;
  id: number;
  notes?: string | null;
  /** true resolves the escalation */
  status?: boolean | null;
};
export type PhiAccessRead = {
  action: string;
  at: string;
  export: string | null;
  id: number;
  ip: string;
  patient: string | null;
  service: string;
  userId: number;
  userName: string;
  userRole: number;
  visitId: number | null;
};
export type ListResponsePhiAccessRead = {
  count: number;
  rows: PhiAccessRead[];
};
export const {
  useCallingReleaseCallLockMutation,
  useCallingClaimNextCallMutation,
  useCallingSaveCallResultMutation,
  useCallingListCallLogQuery,
  useLazyCallingListCallLogQuery,
  useCallingUpdateCallLogMutation,
  useCallingExportCallLogQuery,
  useLazyCallingExportCallLogQuery,
  useCallingGetCallLogQuery,
  useLazyCallingGetCallLogQuery,
  useCallingCallsProgressQuery,
  useLazyCallingCallsProgressQuery,
  useCallingListEscalationsQuery,
  useLazyCallingListEscalationsQuery,
  useCallingUpdateEscalationMutation,
  useCallingGetEscalationQuery,
  useLazyCallingGetEscalationQuery,
  useCallingSearchCallingPhiAuditQuery,
  useLazyCallingSearchCallingPhiAuditQuery,
  useCallingExportCallingPhiAuditQuery,
  useLazyCallingExportCallingPhiAuditQuery,
} = injectedRtkApi;
