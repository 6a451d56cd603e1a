import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportingGetCallStats: build.query<
      ReportingGetCallStatsApiResponse,
      ReportingGetCallStatsApiArg
    >({
      query: (queryArg) => ({
        url: `/call-stats`,
        params: {
          from: queryArg["from"],
          to: queryArg.to,
          managerId: queryArg.managerId,
          projectId: queryArg.projectId,
          surveyorId: queryArg.surveyorId,
          weekly: queryArg.weekly,
          monthly: queryArg.monthly,
          type: queryArg["type"],
        },
      }),
    }),
    reportingGetCallDispositions: build.query<
      ReportingGetCallDispositionsApiResponse,
      ReportingGetCallDispositionsApiArg
    >({
      query: (queryArg) => ({
        url: `/call-stats/dispositions`,
        params: {
          from: queryArg["from"],
          to: queryArg.to,
          managerId: queryArg.managerId,
          projectId: queryArg.projectId,
          surveyorId: queryArg.surveyorId,
          groupBy: queryArg.groupBy,
        },
      }),
    }),
    reportingGetCallQuality: build.query<
      ReportingGetCallQualityApiResponse,
      ReportingGetCallQualityApiArg
    >({
      query: (queryArg) => ({
        url: `/call-stats/quality`,
        params: {
          from: queryArg["from"],
          to: queryArg.to,
          managerId: queryArg.managerId,
          projectId: queryArg.projectId,
          surveyorId: queryArg.surveyorId,
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
        },
      }),
    }),
    reportingGetSurveyorEarningsPayStub: build.query<
      ReportingGetSurveyorEarningsPayStubApiResponse,
      ReportingGetSurveyorEarningsPayStubApiArg
    >({
      query: (queryArg) => ({
        url: `/earnings/surveyor-earnings-pay-stub`,
        params: {
          date: queryArg.date,
          surveyorId: queryArg.surveyorId,
          managerId: queryArg.managerId,
          projectId: queryArg.projectId,
          frequency: queryArg.frequency,
          tz: queryArg.tz,
        },
      }),
    }),
    reportingSearchReportingPhiAudit: build.query<
      ReportingSearchReportingPhiAuditApiResponse,
      ReportingSearchReportingPhiAuditApiArg
    >({
      query: (queryArg) => ({
        url: `/phi-audit/reporting`,
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
    reportingExportReportingPhiAudit: build.query<
      ReportingExportReportingPhiAuditApiResponse,
      ReportingExportReportingPhiAuditApiArg
    >({
      query: (queryArg) => ({
        url: `/phi-audit/reporting/export`,
        params: {
          userId: queryArg.userId,
          visitId: queryArg.visitId,
          patient: queryArg.patient,
          from: queryArg["from"],
          to: queryArg.to,
        },
      }),
    }),
    reportingDeleteServiceRecovery: build.mutation<
      ReportingDeleteServiceRecoveryApiResponse,
      ReportingDeleteServiceRecoveryApiArg
    >({
      query: (queryArg) => ({
        url: `/service-recoveries`,
        method: "DELETE",
        params: {
          id: queryArg.id,
        },
      }),
    }),
    reportingListServiceRecoveries: build.query<
      ReportingListServiceRecoveriesApiResponse,
      ReportingListServiceRecoveriesApiArg
    >({
      query: (queryArg) => ({
        url: `/service-recoveries`,
        params: {
          search: queryArg.search,
          managerId: queryArg.managerId,
          projectId: queryArg.projectId,
          from: queryArg["from"],
          to: queryArg.to,
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
        },
      }),
    }),
    reportingSaveServiceRecovery: build.mutation<
      ReportingSaveServiceRecoveryApiResponse,
      ReportingSaveServiceRecoveryApiArg
    >({
      query: (queryArg) => ({
        url: `/service-recoveries`,
        method: "POST",
        body: queryArg.serviceRecoveryBody,
      }),
    }),
    reportingGetServiceRecoveryHeaderKeys: build.query<
      ReportingGetServiceRecoveryHeaderKeysApiResponse,
      ReportingGetServiceRecoveryHeaderKeysApiArg
    >({
      query: (queryArg) => ({
        url: `/service-recoveries/header-keys`,
        params: {
          projectId: queryArg.projectId,
        },
      }),
    }),
    reportingServiceRecoveryReport: build.mutation<
      ReportingServiceRecoveryReportApiResponse,
      ReportingServiceRecoveryReportApiArg
    >({
      query: (queryArg) => ({
        url: `/service-recoveries/report`,
        method: "POST",
        body: queryArg.reportBody,
      }),
    }),
    reportingGetSurveyorEarnings: build.query<
      ReportingGetSurveyorEarningsApiResponse,
      ReportingGetSurveyorEarningsApiArg
    >({
      query: (queryArg) => ({
        url: `/surveyor-earnings`,
        params: {
          from: queryArg["from"],
          to: queryArg.to,
          managerId: queryArg.managerId,
          projectId: queryArg.projectId,
          surveyorId: queryArg.surveyorId,
          weekly: queryArg.weekly,
          monthly: queryArg.monthly,
          type: queryArg["type"],
        },
      }),
    }),
    reportingListSurveyors: build.query<
      ReportingListSurveyorsApiResponse,
      ReportingListSurveyorsApiArg
    >({
      query: (queryArg) => ({
        url: `/users/surveyors`,
        params: {
          search: queryArg.search,
          type: queryArg["type"],
          managerId: queryArg.managerId,
          isWeekly: queryArg.isWeekly,
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
        },
      }),
    }),
    reportingSurveyorsInfo: build.query<
      ReportingSurveyorsInfoApiResponse,
      ReportingSurveyorsInfoApiArg
    >({
      query: (queryArg) => ({
        url: `/users/surveyors-info`,
        params: {
          type: queryArg["type"],
          managerId: queryArg.managerId,
          surveyorId: queryArg.surveyorId,
          projectId: queryArg.projectId,
          isWeekly: queryArg.isWeekly,
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as reportingApi };
export type ReportingGetCallStatsApiResponse =
  /** status 200 Successful Response */ CallStatsResponse;
export type ReportingGetCallStatsApiArg = {
  /** first day (America/Chicago), inclusive */
  from?: string | null;
  /** last day (America/Chicago), inclusive */
  to?: string | null;
  managerId?: number | null;
  projectId?: number | null;
  surveyorId?: number | null;
  weekly?: boolean;
  monthly?: boolean;
  /** frequency: 1 Daily, 7 Weekly, 30 Monthly */
  type?: number | null;
};
export type ReportingGetCallDispositionsApiResponse =
  /** status 200 Successful Response */ DispositionsResponse;
export type ReportingGetCallDispositionsApiArg = {
  /** first day (America/Chicago), inclusive */
  from?: string | null;
  /** last day (America/Chicago), inclusive */
  to?: string | null;
  managerId?: number | null;
  projectId?: number | null;
  surveyorId?: number | null;
  groupBy?: "project" | "site" | "provider" | "surveyor";
};
export type ReportingGetCallQualityApiResponse =
  /** status 200 Successful Response */ CallQualityList;
export type ReportingGetCallQualityApiArg = {
  /** first day (America/Chicago), inclusive */
  from?: string | null;
  /** last day (America/Chicago), inclusive */
  to?: string | null;
  managerId?: number | null;
  projectId?: number | null;
  surveyorId?: number | null;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type ReportingGetSurveyorEarningsPayStubApiResponse =
  /** status 200 Successful Response */ PayStubResponse;
export type ReportingGetSurveyorEarningsPayStubApiArg = {
  /** a day of the period (its start as shown in earnings) */
  date: string;
  surveyorId?: number | null;
  managerId?: number | null;
  projectId?: number | null;
  /** 1 Daily, 7 Weekly, 30 Monthly */
  frequency?: number;
  tz?: string;
};
export type ReportingSearchReportingPhiAuditApiResponse =
  /** status 200 Successful Response */ ListResponsePhiAccessRead;
export type ReportingSearchReportingPhiAuditApiArg = {
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
export type ReportingExportReportingPhiAuditApiResponse =
  /** status 200 CSV */ any;
export type ReportingExportReportingPhiAuditApiArg = {
  userId?: number | null;
  visitId?: number | null;
  /** the patient's id (MRN / visitor id) */
  patient?: string | null;
  /** YYYY-MM-DD, a whole America/Chicago day, included */
  from?: string | null;
  /** YYYY-MM-DD, a whole America/Chicago day, included */
  to?: string | null;
};
export type ReportingDeleteServiceRecoveryApiResponse =
  /** status 200 Successful Response */ SavedResponse;
export type ReportingDeleteServiceRecoveryApiArg = {
  id: number;
};
export type ReportingListServiceRecoveriesApiResponse =
  /** status 200 Successful Response */ ServiceRecoveryList;
export type ReportingListServiceRecoveriesApiArg = {
  search?: string | null;
  managerId?: number | null;
  projectId?: number | null;
  from?: string | null;
  to?: string | null;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type ReportingSaveServiceRecoveryApiResponse =
  /** status 200 Successful Response */ SavedResponse;
export type ReportingSaveServiceRecoveryApiArg = {
  serviceRecoveryBody: ServiceRecoveryBody;
};
export type ReportingGetServiceRecoveryHeaderKeysApiResponse =
  /** status 200 Successful Response */ HeaderKeys;
export type ReportingGetServiceRecoveryHeaderKeysApiArg = {
  projectId: number;
};
export type ReportingServiceRecoveryReportApiResponse =
  /** status 200 Successful Response */ ReportResponse;
export type ReportingServiceRecoveryReportApiArg = {
  reportBody: ReportBody;
};
export type ReportingGetSurveyorEarningsApiResponse =
  /** status 200 Successful Response */ EarningsResponse;
export type ReportingGetSurveyorEarningsApiArg = {
  /** first day (America/Chicago), inclusive */
  from?: string | null;
  /** last day (America/Chicago), inclusive */
  to?: string | null;
  managerId?: number | null;
  projectId?: number | null;
  surveyorId?: number | null;
  weekly?: boolean;
  monthly?: boolean;
  /** frequency: 1 Daily, 7 Weekly, 30 Monthly */
  type?: number | null;
};
export type ReportingListSurveyorsApiResponse =
  /** status 200 Successful Response */ SurveyorList;
export type ReportingListSurveyorsApiArg = {
  search?: string | null;
  type?: number | null;
  managerId?: number | null;
  isWeekly?: boolean;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type ReportingSurveyorsInfoApiResponse =
  /** status 200 Successful Response */ SurveyorInfoList;
export type ReportingSurveyorsInfoApiArg = {
  type?: number | null;
  managerId?: number | null;
  surveyorId?: number | null;
  projectId?: number | null;
  isWeekly?: boolean;
};
export type CallStatsRow = {
  agreedTimeInSys_ig: number;
  attempts: number;
  /** agreed time / surveys, in minutes, 1 decimal */
  averageSurveyLength: number;
  /** surveys / attempts as a ratio with 4 decimals (0.3333 = 33.33%) */
  completionRate: number;
  earnings?: number | null;
  hourlyEarnings?: number | null;
  surveys: number;
  surveysPerHour: number;
  surveys_ig: number;
  timeInSys: number;
  weekOf: string;
};
export type Series = {
  data: number[];
  name: string;
  type: string;
};
export type ChartData = {
  categories: string[];
  max: number;
  series: Series[];
};
export type CallStatsTotals = {
  agreedTimeInSys_ig: number;
  attempts: number;
  /** agreed time / surveys, in minutes, 1 decimal */
  averageSurveyLength: number;
  /** surveys / attempts as a ratio with 4 decimals (0.3333 = 33.33%) */
  completionRate: number;
  earnings?: number | null;
  hourlyEarnings?: number | null;
  surveys: number;
  surveysPerHour: number;
  surveys_ig: number;
  timeInSys: number;
};
export type CallStatsData = {
  callStatsData: CallStatsRow[];
  chartData: ChartData;
  frequency: number;
  totals: CallStatsTotals;
};
export type CallStatsResponse = {
  data: CallStatsData;
  message?: string;
};
export type ErrorBody = {
  message: string;
  statusCode: number;
};
export type DispositionCounts = {
  i: number;
  nc: number;
  ne: number;
  o: number;
  p: number;
  r: number;
  uh: number;
  uo: number;
};
export type DispositionRow = {
  cases: number;
  con1: number | null;
  coop1: number | null;
  counts: DispositionCounts;
  key: string | null;
  name: string;
  ref1: number | null;
  rr1: number | null;
  rr2: number | null;
};
export type DispositionRates = {
  cases: number;
  con1: number | null;
  coop1: number | null;
  counts: DispositionCounts;
  ref1: number | null;
  rr1: number | null;
  rr2: number | null;
};
export type DispositionsData = {
  count: number;
  from: string;
  groupBy: string;
  labels: {
    [key: string]: string;
  };
  rows: DispositionRow[];
  to: string;
  totals: DispositionRates;
};
export type DispositionsResponse = {
  data: DispositionsData;
  message?: string;
};
export type QualityRow = {
  attempts: number;
  averageSurveyLength: number;
  completionRate: number;
  escalations: number;
  partials: number;
  qaRemovals: number;
  refusals: number;
  shortSurveyShare: number;
  shortSurveys: number;
  surveyorId: number;
  surveyorName: string;
  surveys: number;
};
export type QualityFigures = {
  attempts: number;
  averageSurveyLength: number;
  completionRate: number;
  escalations: number;
  partials: number;
  qaRemovals: number;
  refusals: number;
  shortSurveyShare: number;
  shortSurveys: number;
  surveys: number;
};
export type CallQualityList = {
  count: number;
  from: string;
  rows: QualityRow[];
  shortSurveyMinutes: number;
  to: string;
  totals: QualityFigures;
};
export type PayStubLine = {
  QTY: number;
  language: string;
  languageId: number | null;
  projectAcronym: string;
  projectId: number | null;
  totalEarnings: number;
  unitPrice: number;
};
export type PayStub = {
  frequency: number;
  invoiceDate: string;
  invoiceId: string;
  periodEnd: string;
  periodStart: string;
  projects: PayStubLine[];
  surveyorCid: string;
  surveyorId: number;
  surveyorName: string;
  totalEarnings: number;
  totalQty: number;
};
export type PayStubResponse = {
  data: PayStub[];
  message?: string;
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
export type HistoryRow = {
  clientName: string;
  createdAt: string;
  downloadedOn: string | null;
  filename: string;
  fromTo: string | null;
  id: number;
  name: string;
  onlySr: boolean;
  projectId: number;
  projectName: string;
  srKeys: string[];
};
export type SavedResponse = {
  data?: HistoryRow | null;
  message: string;
};
export type ProjectRow = {
  clientId: number | null;
  clientName: string;
  oldestUncleaned: string | null;
  projectId: number;
  projectName: string;
};
export type ServiceRecoveryList = {
  count: number;
  rows: ProjectRow[] | HistoryRow[];
};
export type ServiceRecoveryBody = {
  filename?: string | null;
  from?: string | null;
  id?: number | null;
  onlySr?: boolean | null;
  projectId?: number | null;
  srKeys?: string[] | null;
  to?: string | null;
};
export type HeaderKeys = {
  data: string[];
  /** how a key reads where it is not self-explanatory: 'Question <quesId>' keys with the question's title */
  labels?: {
    [key: string]: string;
  };
};
export type ReportData = {
  filename: string;
  /** the CSV's column headings, one per srKeys key: the key, or 'Question <quesId>: <title>' for a question whose title is known */
  headers?: string[];
  language: string;
  name: string;
  questions: number[];
  rosterParams: {
    [key: string]: any;
  };
  srKeys: string[];
  surveyData: {
    [key: string]: any;
  }[];
};
export type ReportResponse = {
  data: ReportData;
  message: string;
};
export type ReportBody = {
  format?: "json" | "csv";
  from?: string | null;
  id: number;
  to?: string | null;
};
export type EarningRow = {
  earnings: number;
  surveys: number;
  weekOf: string;
};
export type EarningTotals = {
  earnings: number;
  surveys: number;
};
export type EarningsData = {
  chartData: ChartData;
  earningAndCallData: EarningRow[];
  frequency: number;
  totals: EarningTotals;
};
export type EarningsResponse = {
  data: EarningsData;
  message?: string;
};
export type SurveyorRow = {
  cid: string | null;
  earnings?: number | null;
  email: string | null;
  firstName: string;
  goals: number;
  id: number;
  isDeleted: boolean;
  lastName: string;
  phoneNumber: string | null;
  /** surveys / goals as a ratio with 4 decimals (0.3333 = 33.33%) */
  progress: number | null;
  projectCount: number;
  role: number | null;
  surveys: number;
};
export type SurveyorList = {
  count: number;
  isWeekly: boolean;
  /** Sunday of the current week; null for reporting periods */
  periodEnd: string | null;
  /** Monday of the current week; null for reporting periods, which are each project's own (see the projects' periodStart) */
  periodStart: string | null;
  rows: SurveyorRow[];
};
export type SurveyorProject = {
  earnings?: number | null;
  goals: number | null;
  /** last business day of that week or reporting period */
  periodEnd: string;
  /** first business day of the week or of this project's reporting period */
  periodStart: string;
  /** surveys / goals as a ratio with 4 decimals (0.3333 = 33.33%) */
  progress: number | null;
  projectId: number;
  projectName: string;
  statusId: number | null;
  surveys: number;
  timezone: string | null;
  typeId: number | null;
};
export type SurveyorInfo = {
  email: string | null;
  firstName: string;
  id: number;
  lastName: string;
  phoneNumber?: string | null;
  projects?: SurveyorProject[];
  role?: number | null;
};
export type SurveyorInfoList = {
  data: SurveyorInfo[];
  isWeekly: boolean;
  /** Sunday of the current week; null for reporting periods */
  periodEnd: string | null;
  /** Monday of the current week; null for reporting periods, which are each project's own (see the projects' periodStart) */
  periodStart: string | null;
};
export const {
  useReportingGetCallStatsQuery,
  useLazyReportingGetCallStatsQuery,
  useReportingGetCallDispositionsQuery,
  useLazyReportingGetCallDispositionsQuery,
  useReportingGetCallQualityQuery,
  useLazyReportingGetCallQualityQuery,
  useReportingGetSurveyorEarningsPayStubQuery,
  useLazyReportingGetSurveyorEarningsPayStubQuery,
  useReportingSearchReportingPhiAuditQuery,
  useLazyReportingSearchReportingPhiAuditQuery,
  useReportingExportReportingPhiAuditQuery,
  useLazyReportingExportReportingPhiAuditQuery,
  useReportingDeleteServiceRecoveryMutation,
  useReportingListServiceRecoveriesQuery,
  useLazyReportingListServiceRecoveriesQuery,
  useReportingSaveServiceRecoveryMutation,
  useReportingGetServiceRecoveryHeaderKeysQuery,
  useLazyReportingGetServiceRecoveryHeaderKeysQuery,
  useReportingServiceRecoveryReportMutation,
  useReportingGetSurveyorEarningsQuery,
  useLazyReportingGetSurveyorEarningsQuery,
  useReportingListSurveyorsQuery,
  useLazyReportingListSurveyorsQuery,
  useReportingSurveyorsInfoQuery,
  useLazyReportingSurveyorsInfoQuery,
} = injectedRtkApi;
