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
export type CallStatsRow = {
  agreedTimeInSys_ig: number;
  attempts: number;
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
export const {
  useReportingGetCallStatsQuery,
  useLazyReportingGetCallStatsQuery,
  useReportingGetSurveyorEarningsQuery,
  useLazyReportingGetSurveyorEarningsQuery,
} = injectedRtkApi;
