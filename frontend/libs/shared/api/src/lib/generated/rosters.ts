import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
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
    rostersCancelRosterUpload: build.mutation<
      RostersCancelRosterUploadApiResponse,
      RostersCancelRosterUploadApiArg
    >({
      query: (queryArg) => ({
        url: `/roster/${queryArg.projectId}`,
        method: "DELETE",
        params: {
          uploadId: queryArg.uploadId,
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
  }),
  overrideExisting: false,
});
export { injectedRtkApi as rostersApi };
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
export type RostersCancelRosterUploadApiResponse =
  /** status 200 Successful Response */ DataResponseDict;
export type RostersCancelRosterUploadApiArg = {
  projectId: number;
  uploadId: string;
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
export type ErrorBody = {
  message: string;
  statusCode: number;
};
export type ValidationError = {
  ctx?: object;
  input?: any;
  loc: (string | number)[];
  msg: string;
  type: string;
};
export type HttpValidationError = {
  detail?: ValidationError[];
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
export type SamplingParameterRead = {
  id: number;
  priority: number;
  projectId: number;
  typeId: number;
};
export type SamplingRead = {
  count: number;
  languages?: {
    [key: string]: any;
  }[];
  lookBackDays: number;
  maxCalls: number;
  projectId: number;
  rows: SamplingParameterRead[];
};
export type DataResponseSamplingRead = {
  data: SamplingRead;
  message?: string;
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
export const {
  useRostersListRostersQuery,
  useLazyRostersListRostersQuery,
  useRostersUndoRosterMutation,
  useRostersCancelRosterUploadMutation,
  useRostersUploadRosterMutation,
  useRostersDeleteSamplingParameterMutation,
  useRostersGetSamplingQuery,
  useLazyRostersGetSamplingQuery,
  useRostersAddSamplingParameterMutation,
  useRostersUpdateSamplingMutation,
} = injectedRtkApi;
