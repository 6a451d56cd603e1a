import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    projectsListLanguages: build.query<
      ProjectsListLanguagesApiResponse,
      ProjectsListLanguagesApiArg
    >({
      query: (queryArg) => ({
        url: `/language`,
        params: {
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
          paginated: queryArg.paginated,
        },
      }),
    }),
    projectsCreateLanguage: build.mutation<
      ProjectsCreateLanguageApiResponse,
      ProjectsCreateLanguageApiArg
    >({
      query: (queryArg) => ({
        url: `/language`,
        method: "POST",
        body: queryArg.languageCreate,
      }),
    }),
    projectsDeleteLanguage: build.mutation<
      ProjectsDeleteLanguageApiResponse,
      ProjectsDeleteLanguageApiArg
    >({
      query: (queryArg) => ({
        url: `/language`,
        method: "DELETE",
        params: {
          langId: queryArg.langId,
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as projectsApi };
export type ProjectsListLanguagesApiResponse =
  /** status 200 OK */ LanguagePage;
export type ProjectsListLanguagesApiArg = {
  skip?: number;
  limit?: number;
  orderBy?: string;
  orderDir?: "ASC" | "DESC";
  paginated?: boolean;
};
export type ProjectsCreateLanguageApiResponse =
  /** status 201 OK */ LanguageResponse;
export type ProjectsCreateLanguageApiArg = {
  languageCreate: LanguageCreate;
};
export type ProjectsDeleteLanguageApiResponse = /** status 200 OK */ Message;
export type ProjectsDeleteLanguageApiArg = {
  langId: number;
};
export type Language = {
  id: number;
  name: string;
};
export type LanguagePage = {
  rows: Language[];
  count: number;
};
export type ErrorBody = {
  statusCode: number;
  message: string;
};
export type LanguageResponse = {
  message: string;
  data?: Language;
};
export type LanguageCreate = {
  name: string;
};
export type Message = {
  message: string;
};
export const {
  useProjectsListLanguagesQuery,
  useLazyProjectsListLanguagesQuery,
  useProjectsCreateLanguageMutation,
  useProjectsDeleteLanguageMutation,
} = injectedRtkApi;
