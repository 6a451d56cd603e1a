import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    rostersCalledRosterExport: build.query<
      RostersCalledRosterExportApiResponse,
      RostersCalledRosterExportApiArg
    >({
      query: (queryArg) => ({
        url: `/calls`,
        params: {
          projectId: queryArg.projectId,
          from: queryArg["from"],
          to: queryArg.to,
          skip: queryArg.skip,
          limit: queryArg.limit,
        },
      }),
    }),
    rostersUpdateLanguageSampling: build.mutation<
      RostersUpdateLanguageSamplingApiResponse,
      RostersUpdateLanguageSamplingApiArg
    >({
      query: (queryArg) => ({
        url: `/language`,
        method: "PUT",
        body: queryArg.languageUpdate,
      }),
    }),
    rostersSearchRostersPhiAudit: build.query<
      RostersSearchRostersPhiAuditApiResponse,
      RostersSearchRostersPhiAuditApiArg
    >({
      query: (queryArg) => ({
        url: `/phi-audit/rosters`,
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
    rostersExportRostersPhiAudit: build.query<
      RostersExportRostersPhiAuditApiResponse,
      RostersExportRostersPhiAuditApiArg
    >({
      query: (queryArg) => ({
        url: `/phi-audit/rosters/export`,
        params: {
          userId: queryArg.userId,
          visitId: queryArg.visitId,
          patient: queryArg.patient,
          from: queryArg["from"],
          to: queryArg.to,
        },
      }),
    }),
    rostersListRosters: build.query<
      RostersListRostersApiResponse,
      RostersListRostersApiArg
    >({
      query: (queryArg) => ({
        url: `/roster`,
        params: {
          projectId: queryArg.projectId,
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
        },
      }),
    }),
    rostersUndoRoster: build.mutation<
      RostersUndoRosterApiResponse,
      RostersUndoRosterApiArg
    >({
      query: (queryArg) => ({
        url: `/roster`,
        method: "PUT",
        body: queryArg.rosterUndo,
      }),
    }),
    rostersDeleteRoster: build.mutation<
      RostersDeleteRosterApiResponse,
      RostersDeleteRosterApiArg
    >({
      query: (queryArg) => ({
        url: `/roster/${queryArg.projectId}`,
        method: "DELETE",
        params: {
          uploadId: queryArg.uploadId,
          id: queryArg.id,
        },
      }),
    }),
    rostersUploadRoster: build.mutation<
      RostersUploadRosterApiResponse,
      RostersUploadRosterApiArg
    >({
      query: (queryArg) => ({
        url: `/roster/${queryArg.projectId}`,
        method: "POST",
        body: queryArg.bodyRostersUploadRoster,
        params: {
          onlyParse: queryArg.onlyParse,
          uploadId: queryArg.uploadId,
        },
      }),
    }),
    rostersDeleteSamplingParameter: build.mutation<
      RostersDeleteSamplingParameterApiResponse,
      RostersDeleteSamplingParameterApiArg
    >({
      query: (queryArg) => ({
        url: `/sampling`,
        method: "DELETE",
        params: {
          id: queryArg.id,
          projectId: queryArg.projectId,
        },
      }),
    }),
    rostersGetSampling: build.query<
      RostersGetSamplingApiResponse,
      RostersGetSamplingApiArg
    >({
      query: (queryArg) => ({
        url: `/sampling`,
        params: {
          projectId: queryArg.projectId,
          type: queryArg["type"],
        },
      }),
    }),
    rostersAddSamplingParameter: build.mutation<
      RostersAddSamplingParameterApiResponse,
      RostersAddSamplingParameterApiArg
    >({
      query: (queryArg) => ({
        url: `/sampling`,
        method: "POST",
        body: queryArg.samplingParameterCreate,
      }),
    }),
    rostersUpdateSampling: build.mutation<
      RostersUpdateSamplingApiResponse,
      RostersUpdateSamplingApiArg
    >({
      query: (queryArg) => ({
        url: `/sampling`,
        method: "PUT",
        body: queryArg.samplingUpdate,
      }),
    }),
    rostersSamplingOperations: build.mutation<
      RostersSamplingOperationsApiResponse,
      RostersSamplingOperationsApiArg
    >({
      query: (queryArg) => ({
        url: `/sampling/operations`,
        method: "POST",
        body: queryArg.samplingOperations,
      }),
    }),
    rostersListSamplingProviders: build.query<
      RostersListSamplingProvidersApiResponse,
      RostersListSamplingProvidersApiArg
    >({
      query: (queryArg) => ({
        url: `/sampling/providers`,
        params: {
          projectId: queryArg.projectId,
          type: queryArg["type"],
          search: queryArg.search,
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
        },
      }),
    }),
    rostersUpdateSamplingProviders: build.mutation<
      RostersUpdateSamplingProvidersApiResponse,
      RostersUpdateSamplingProvidersApiArg
    >({
      query: (queryArg) => ({
        url: `/sampling/providers`,
        method: "PUT",
        body: queryArg.providersUpdate,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as rostersApi };
export type RostersCalledRosterExportApiResponse =
  /** status 200 Successful Response */ DataResponseCalledPage;
export type RostersCalledRosterExportApiArg = {
  projectId: number;
  from?: string | null;
  to?: string | null;
  skip?: number;
  limit?: number;
};
export type RostersUpdateLanguageSamplingApiResponse =
  /** status 200 Successful Response */ DataResponseSamplingRead;
export type RostersUpdateLanguageSamplingApiArg = {
  languageUpdate: LanguageUpdate;
};
export type RostersSearchRostersPhiAuditApiResponse =
  /** status 200 Successful Response */ ListResponsePhiAccessRead;
export type RostersSearchRostersPhiAuditApiArg = {
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
export type RostersExportRostersPhiAuditApiResponse = /** status 200 CSV */ any;
export type RostersExportRostersPhiAuditApiArg = {
  userId?: number | null;
  visitId?: number | null;
  /** the patient's id (MRN / visitor id) */
  patient?: string | null;
  /** YYYY-MM-DD, a whole America/Chicago day, included */
  from?: string | null;
  /** YYYY-MM-DD, a whole America/Chicago day, included */
  to?: string | null;
};
export type RostersListRostersApiResponse =
  /** status 200 Successful Response */ ListResponseRosterRead;
export type RostersListRostersApiArg = {
  projectId?: number | null;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type RostersUndoRosterApiResponse =
  /** status 200 Successful Response */ DataResponseRosterRead;
export type RostersUndoRosterApiArg = {
  rosterUndo: RosterUndo;
};
export type RostersDeleteRosterApiResponse =
  /** status 200 Successful Response */ DataResponseDict;
export type RostersDeleteRosterApiArg = {
  projectId: number;
  uploadId?: string | null;
  id?: number | null;
};
export type RostersUploadRosterApiResponse =
  | /** status 200 Successful Response */ DataResponseRosterPreview
  | DataResponseRosterRead;
export type RostersUploadRosterApiArg = {
  projectId: number;
  onlyParse?: string | null;
  uploadId?: string | null;
  bodyRostersUploadRoster: BodyRostersUploadRoster;
};
export type RostersDeleteSamplingParameterApiResponse =
  /** status 200 Successful Response */ DataResponseSamplingRead;
export type RostersDeleteSamplingParameterApiArg = {
  id: number;
  projectId: number;
};
export type RostersGetSamplingApiResponse =
  /** status 200 Successful Response */ SamplingRead;
export type RostersGetSamplingApiArg = {
  projectId: number;
  type?: number | null;
};
export type RostersAddSamplingParameterApiResponse =
  /** status 201 Successful Response */ DataResponseSamplingRead;
export type RostersAddSamplingParameterApiArg = {
  samplingParameterCreate: SamplingParameterCreate;
};
export type RostersUpdateSamplingApiResponse =
  /** status 200 Successful Response */ DataResponseSamplingRead;
export type RostersUpdateSamplingApiArg = {
  samplingUpdate: SamplingUpdate;
};
export type RostersSamplingOperationsApiResponse =
  /** status 200 Successful Response */ DataResponseSamplingRead;
export type RostersSamplingOperationsApiArg = {
  samplingOperations: SamplingOperations;
};
export type RostersListSamplingProvidersApiResponse =
  /** status 200 Successful Response */ ListResponseProviderRow;
export type RostersListSamplingProvidersApiArg = {
  projectId: number;
  type?: number;
  search?: string | null;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type RostersUpdateSamplingProvidersApiResponse =
  /** status 200 Successful Response */ DataResponseSamplingRead;
export type RostersUpdateSamplingProvidersApiArg = {
  providersUpdate: ProvidersUpdate;
};
export type CellFigures = {
  eligibleEnc: number;
  encounters: number;
  lastEncounter: string | null;
  name: string | null;
  remaining: number | null;
  required: number | null;
  surveys: number;
};
export type IdName = {
  id: number;
  name: string | null;
};
export type CalledRow = {
  age: number | null;
  callId: number;
  department: CellFigures;
  dob: string | null;
  dos: string;
  ethnicity: string | null;
  firstName: string | null;
  gender: string | null;
  isPartial: boolean | null;
  language: IdName | null;
  lastName: string | null;
  payerType: string | null;
  phoneCell: string | null;
  phoneHome: string | null;
  project: IdName;
  provider: CellFigures;
  race: string | null;
  result: number | null;
  site: CellFigures;
  surveyCompletedOn: string | null;
  surveyedOn: string | null;
  typeId: number | null;
  user: {
    [key: string]: any;
  };
  visitId: number;
  visitPurpose: string | null;
};
export type CalledPage = {
  count: number;
  rows: CalledRow[];
};
export type DataResponseCalledPage = {
  data: CalledPage;
  message?: string;
};
export type ErrorBody = {
  message: string;
  statusCode: number;
};
export type LanguageSamplingRead = {
  allowedSamples: number | null;
  languageId: number;
  mode: number;
  name: string;
  samplingId: number;
  surveys: number;
};
export type SamplingParameterRead = {
  id: number;
  priority: number;
  projectId: number;
  typeId: number;
};
export type SamplingRead = {
  count: number;
  finalCountAt?: string | null;
  languages?: LanguageSamplingRead[];
  lookBack: number;
  lookBackDays: number;
  maxCalls: number;
  projectId: number;
  rows: SamplingParameterRead[];
  undefinedProviders?: number;
};
export type DataResponseSamplingRead = {
  data: SamplingRead;
  message?: string;
};
export type LanguageSamplingIn = {
  allowedSamples?: number | null;
  languageId: number;
  mode: 1 | 2 | 3;
};
export type LanguageUpdate = {
  languages: LanguageSamplingIn[];
  projectId: number;
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
export type RosterRead = {
  error?: string | null;
  fileName?: string;
  id: number;
  isUndoable: boolean;
  projectId: number;
  rangeEndDate: string | null;
  rangeStartDate: string | null;
  status: number;
  totalEnc: number;
  uploadedOn: string;
};
export type ListResponseRosterRead = {
  count: number;
  rows: RosterRead[];
};
export type DataResponseRosterRead = {
  data: RosterRead;
  message?: string;
};
export type RosterUndo = {
  id: number;
  projectId: number;
};
export type DataResponseDict = {
  data: {
    [key: string]: any;
  };
  message?: string;
};
export type NameCount = {
  count: number;
  name: string;
};
export type RowError = {
  column: string;
  message: string;
  row: number;
};
export type LanguageCount = {
  count: number;
  id: number;
  name: string;
};
export type RosterPreview = {
  departments: NameCount[];
  encoding?: string;
  errorCount: number;
  errors: RowError[];
  languages: LanguageCount[];
  projectId: number;
  providers: NameCount[];
  rangeEndDate: string | null;
  rangeStartDate: string | null;
  rowCount: number;
  sites: NameCount[];
  uploadId: string | null;
};
export type DataResponseRosterPreview = {
  data: RosterPreview;
  message?: string;
};
export type BodyRostersUploadRoster = {
  file?: string | null;
  onlyParse?: string | null;
  uploadId?: string | null;
};
export type SamplingParameterCreate = {
  priority?: number | null;
  projectId: number;
  typeId: 0 | 1 | 2 | 999;
};
export type SamplingParameterIn = {
  id?: number | null;
  priority: number;
  typeId: 0 | 1 | 2 | 999;
};
export type SamplingUpdate = {
  lookBack?: number | null;
  lookBackDays?: number | null;
  maxCalls?: number | null;
  parameters?: SamplingParameterIn[] | null;
  projectId: number;
};
export type SamplingOperations = {
  finalCount?: boolean;
  lookBack?: number | null;
  lookBackDays?: number | null;
  maxCalls?: number | null;
  projectId: number;
};
export type ProviderRow = {
  eligibleEnc: number;
  encounters: number;
  lastEncounter: string | null;
  name: string;
  surveyRemaining: number | null;
  surveyRequired: number | null;
  surveys: number;
  typeId: number;
};
export type ListResponseProviderRow = {
  count: number;
  rows: ProviderRow[];
};
export type CellRequired = {
  name: string;
  surveyRequired?: number | null;
};
export type ProvidersUpdate = {
  projectId: number;
  rows: CellRequired[];
  type?: 0 | 1 | 2;
};
export const {
  useRostersCalledRosterExportQuery,
  useLazyRostersCalledRosterExportQuery,
  useRostersUpdateLanguageSamplingMutation,
  useRostersSearchRostersPhiAuditQuery,
  useLazyRostersSearchRostersPhiAuditQuery,
  useRostersExportRostersPhiAuditQuery,
  useLazyRostersExportRostersPhiAuditQuery,
  useRostersListRostersQuery,
  useLazyRostersListRostersQuery,
  useRostersUndoRosterMutation,
  useRostersDeleteRosterMutation,
  useRostersUploadRosterMutation,
  useRostersDeleteSamplingParameterMutation,
  useRostersGetSamplingQuery,
  useLazyRostersGetSamplingQuery,
  useRostersAddSamplingParameterMutation,
  useRostersUpdateSamplingMutation,
  useRostersSamplingOperationsMutation,
  useRostersListSamplingProvidersQuery,
  useLazyRostersListSamplingProvidersQuery,
  useRostersUpdateSamplingProvidersMutation,
} = injectedRtkApi;
