import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    projectsDeleteAssignment: build.mutation<
      ProjectsDeleteAssignmentApiResponse,
      ProjectsDeleteAssignmentApiArg
    >({
      query: (queryArg) => ({
        url: `/assignment`,
        method: "DELETE",
        params: {
          id: queryArg.id,
        },
      }),
    }),
    projectsListAssignments: build.query<
      ProjectsListAssignmentsApiResponse,
      ProjectsListAssignmentsApiArg
    >({
      query: (queryArg) => ({
        url: `/assignment`,
        params: {
          projectId: queryArg.projectId,
          managerId: queryArg.managerId,
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
        },
      }),
    }),
    projectsCreateAssignment: build.mutation<
      ProjectsCreateAssignmentApiResponse,
      ProjectsCreateAssignmentApiArg
    >({
      query: (queryArg) => ({
        url: `/assignment`,
        method: "POST",
        body: queryArg.assignmentCreate,
      }),
    }),
    projectsUpdateAssignment: build.mutation<
      ProjectsUpdateAssignmentApiResponse,
      ProjectsUpdateAssignmentApiArg
    >({
      query: (queryArg) => ({
        url: `/assignment`,
        method: "PUT",
        body: queryArg.assignmentUpdate,
      }),
    }),
    projectsDeleteAssignmentWeek: build.mutation<
      ProjectsDeleteAssignmentWeekApiResponse,
      ProjectsDeleteAssignmentWeekApiArg
    >({
      query: (queryArg) => ({
        url: `/assignment-history`,
        method: "DELETE",
        params: {
          id: queryArg.id,
          assignmentId: queryArg.assignmentId,
        },
      }),
    }),
    projectsAddAssignmentWeeks: build.mutation<
      ProjectsAddAssignmentWeeksApiResponse,
      ProjectsAddAssignmentWeeksApiArg
    >({
      query: (queryArg) => ({
        url: `/assignment-history`,
        method: "POST",
        body: queryArg.weeksCreate,
      }),
    }),
    projectsUpdateAssignmentWeek: build.mutation<
      ProjectsUpdateAssignmentWeekApiResponse,
      ProjectsUpdateAssignmentWeekApiArg
    >({
      query: (queryArg) => ({
        url: `/assignment-history`,
        method: "PUT",
        body: queryArg.weekUpdate,
      }),
    }),
    projectsAddAssignmentWeek: build.mutation<
      ProjectsAddAssignmentWeekApiResponse,
      ProjectsAddAssignmentWeekApiArg
    >({
      query: (queryArg) => ({
        url: `/assignment-history/add-week`,
        method: "POST",
        body: queryArg.addWeek,
      }),
    }),
    projectsGetWeekData: build.query<
      ProjectsGetWeekDataApiResponse,
      ProjectsGetWeekDataApiArg
    >({
      query: (queryArg) => ({
        url: `/assignment-history/week-data`,
        params: {
          projectId: queryArg.projectId,
          surveyorId: queryArg.surveyorId,
          weekDate: queryArg.weekDate,
        },
      }),
    }),
    projectsUpdateWeekData: build.mutation<
      ProjectsUpdateWeekDataApiResponse,
      ProjectsUpdateWeekDataApiArg
    >({
      query: (queryArg) => ({
        url: `/assignment-history/week-data`,
        method: "PUT",
        body: queryArg.weekData,
      }),
    }),
    projectsDeleteClient: build.mutation<
      ProjectsDeleteClientApiResponse,
      ProjectsDeleteClientApiArg
    >({
      query: (queryArg) => ({
        url: `/clients`,
        method: "DELETE",
        params: {
          id: queryArg.id,
          isDeactivated: queryArg.isDeactivated,
        },
      }),
    }),
    projectsListClients: build.query<
      ProjectsListClientsApiResponse,
      ProjectsListClientsApiArg
    >({
      query: (queryArg) => ({
        url: `/clients`,
        params: {
          search: queryArg.search,
          isClient: queryArg.isClient,
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
        },
      }),
    }),
    projectsCreateClient: build.mutation<
      ProjectsCreateClientApiResponse,
      ProjectsCreateClientApiArg
    >({
      query: (queryArg) => ({
        url: `/clients`,
        method: "POST",
        body: queryArg.clientCreate,
      }),
    }),
    projectsUpdateClient: build.mutation<
      ProjectsUpdateClientApiResponse,
      ProjectsUpdateClientApiArg
    >({
      query: (queryArg) => ({
        url: `/clients`,
        method: "PUT",
        body: queryArg.clientUpdate,
      }),
    }),
    projectsDeleteClientContact: build.mutation<
      ProjectsDeleteClientContactApiResponse,
      ProjectsDeleteClientContactApiArg
    >({
      query: (queryArg) => ({
        url: `/clients/contact`,
        method: "DELETE",
        params: {
          id: queryArg.id,
        },
      }),
    }),
    projectsListClientContacts: build.query<
      ProjectsListClientContactsApiResponse,
      ProjectsListClientContactsApiArg
    >({
      query: (queryArg) => ({
        url: `/clients/contact/${queryArg.clientId}`,
        params: {
          search: queryArg.search,
        },
      }),
    }),
    projectsGetClient: build.query<
      ProjectsGetClientApiResponse,
      ProjectsGetClientApiArg
    >({
      query: (queryArg) => ({ url: `/clients/${queryArg.clientId}` }),
    }),
    projectsListGuidelines: build.query<
      ProjectsListGuidelinesApiResponse,
      ProjectsListGuidelinesApiArg
    >({
      query: (queryArg) => ({
        url: `/guidelines`,
        params: {
          projectId: queryArg.projectId,
          managerId: queryArg.managerId,
          surveyorId: queryArg.surveyorId,
        },
      }),
    }),
    projectsUploadGuideline: build.mutation<
      ProjectsUploadGuidelineApiResponse,
      ProjectsUploadGuidelineApiArg
    >({
      query: (queryArg) => ({
        url: `/guidelines`,
        method: "POST",
        body: queryArg.bodyProjectsUploadGuideline,
      }),
    }),
    projectsGetGuidelineStatus: build.query<
      ProjectsGetGuidelineStatusApiResponse,
      ProjectsGetGuidelineStatusApiArg
    >({
      query: (queryArg) => ({
        url: `/guidelines/status`,
        params: {
          projectId: queryArg.projectId,
          surveyorId: queryArg.surveyorId,
        },
      }),
    }),
    projectsUpdateGuidelineStatus: build.mutation<
      ProjectsUpdateGuidelineStatusApiResponse,
      ProjectsUpdateGuidelineStatusApiArg
    >({
      query: (queryArg) => ({
        url: `/guidelines/status`,
        method: "PUT",
        body: queryArg.guidelineStatusUpdate,
      }),
    }),
    projectsGetGuidelineFile: build.query<
      ProjectsGetGuidelineFileApiResponse,
      ProjectsGetGuidelineFileApiArg
    >({
      query: (queryArg) => ({
        url: `/guidelines/${queryArg.guidelineId}/file`,
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
    projectsListLanguages: build.query<
      ProjectsListLanguagesApiResponse,
      ProjectsListLanguagesApiArg
    >({
      query: (queryArg) => ({
        url: `/language`,
        params: {
          paginated: queryArg.paginated,
          projectId: queryArg.projectId,
          surveyorId: queryArg.surveyorId,
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
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
    projectsLanguageUsage: build.query<
      ProjectsLanguageUsageApiResponse,
      ProjectsLanguageUsageApiArg
    >({
      query: (queryArg) => ({
        url: `/language/usage`,
        params: {
          langId: queryArg.langId,
        },
      }),
    }),
    projectsDeleteProject: build.mutation<
      ProjectsDeleteProjectApiResponse,
      ProjectsDeleteProjectApiArg
    >({
      query: (queryArg) => ({
        url: `/projects`,
        method: "DELETE",
        params: {
          id: queryArg.id,
          isDeactivated: queryArg.isDeactivated,
        },
      }),
    }),
    projectsListProjects: build.query<
      ProjectsListProjectsApiResponse,
      ProjectsListProjectsApiArg
    >({
      query: (queryArg) => ({
        url: `/projects`,
        params: {
          search: queryArg.search,
          typeId: queryArg.typeId,
          userId: queryArg.userId,
          onlyNames: queryArg.onlyNames,
          onlyNamesAttrs: queryArg.onlyNamesAttrs,
          isEscalations: queryArg.isEscalations,
          isWeekly: queryArg.isWeekly,
          isAdmin: queryArg.isAdmin,
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
        },
      }),
    }),
    projectsCreateProject: build.mutation<
      ProjectsCreateProjectApiResponse,
      ProjectsCreateProjectApiArg
    >({
      query: (queryArg) => ({
        url: `/projects`,
        method: "POST",
        body: queryArg.projectCreate,
      }),
    }),
    projectsUpdateProject: build.mutation<
      ProjectsUpdateProjectApiResponse,
      ProjectsUpdateProjectApiArg
    >({
      query: (queryArg) => ({
        url: `/projects`,
        method: "PUT",
        body: queryArg.projectUpdate,
      }),
    }),
    projectsUpdateProjectDates: build.mutation<
      ProjectsUpdateProjectDatesApiResponse,
      ProjectsUpdateProjectDatesApiArg
    >({
      query: (queryArg) => ({
        url: `/projects/dates`,
        method: "PUT",
        body: queryArg.projectDates,
      }),
    }),
    projectsLockProject: build.mutation<
      ProjectsLockProjectApiResponse,
      ProjectsLockProjectApiArg
    >({
      query: (queryArg) => ({
        url: `/projects/lock`,
        method: "PUT",
        body: queryArg.projectLock,
      }),
    }),
    projectsGetProjectName: build.query<
      ProjectsGetProjectNameApiResponse,
      ProjectsGetProjectNameApiArg
    >({
      query: (queryArg) => ({
        url: `/projects/name`,
        params: {
          id: queryArg.id,
        },
      }),
    }),
    projectsUpdateProjectStatus: build.mutation<
      ProjectsUpdateProjectStatusApiResponse,
      ProjectsUpdateProjectStatusApiArg
    >({
      query: (queryArg) => ({
        url: `/projects/status`,
        method: "PUT",
        body: queryArg.projectStatus,
      }),
    }),
    projectsListSurveyorProjects: build.query<
      ProjectsListSurveyorProjectsApiResponse,
      ProjectsListSurveyorProjectsApiArg
    >({
      query: (queryArg) => ({
        url: `/projects/surveyors`,
        params: {
          surveyorId: queryArg.surveyorId,
          isWeekly: queryArg.isWeekly,
        },
      }),
    }),
    projectsUpdateVisitInfo: build.mutation<
      ProjectsUpdateVisitInfoApiResponse,
      ProjectsUpdateVisitInfoApiArg
    >({
      query: (queryArg) => ({
        url: `/projects/visit-info`,
        method: "PUT",
        body: queryArg.visitInfoUpdate,
      }),
    }),
    projectsGetVisitInfo: build.query<
      ProjectsGetVisitInfoApiResponse,
      ProjectsGetVisitInfoApiArg
    >({
      query: (queryArg) => ({
        url: `/projects/visit-info/${queryArg.projectId}`,
        params: {
          managerId: queryArg.managerId,
        },
      }),
    }),
    projectsGetProject: build.query<
      ProjectsGetProjectApiResponse,
      ProjectsGetProjectApiArg
    >({
      query: (queryArg) => ({
        url: `/projects/${queryArg.projectId}`,
        params: {
          isAdmin: queryArg.isAdmin,
          managerId: queryArg.managerId,
          isSvProject: queryArg.isSvProject,
          isWeekly: queryArg.isWeekly,
          surveyorId: queryArg.surveyorId,
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as projectsApi };
export type ProjectsDeleteAssignmentApiResponse =
  /** status 200 Successful Response */ DataResponseAssignmentRead;
export type ProjectsDeleteAssignmentApiArg = {
  id: number;
};
export type ProjectsListAssignmentsApiResponse =
  /** status 200 Successful Response */ ListResponseAssignmentRead;
export type ProjectsListAssignmentsApiArg = {
  projectId?: number | null;
  managerId?: number | null;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type ProjectsCreateAssignmentApiResponse =
  /** status 201 Successful Response */ DataResponseAssignmentRead;
export type ProjectsCreateAssignmentApiArg = {
  assignmentCreate: AssignmentCreate;
};
export type ProjectsUpdateAssignmentApiResponse =
  /** status 200 Successful Response */ DataResponseAssignmentRead;
export type ProjectsUpdateAssignmentApiArg = {
  assignmentUpdate: AssignmentUpdate;
};
export type ProjectsDeleteAssignmentWeekApiResponse =
  /** status 200 Successful Response */ DataResponseAssignmentWeekRead;
export type ProjectsDeleteAssignmentWeekApiArg = {
  id: number;
  assignmentId: number;
};
export type ProjectsAddAssignmentWeeksApiResponse =
  /** status 201 Successful Response */ DataResponseListResponseAssignmentWeekRead;
export type ProjectsAddAssignmentWeeksApiArg = {
  weeksCreate: WeeksCreate;
};
export type ProjectsUpdateAssignmentWeekApiResponse =
  /** status 200 Successful Response */ DataResponseAssignmentWeekRead;
export type ProjectsUpdateAssignmentWeekApiArg = {
  weekUpdate: WeekUpdate;
};
export type ProjectsAddAssignmentWeekApiResponse =
  /** status 201 Successful Response */ DataResponseAssignmentWeekRead;
export type ProjectsAddAssignmentWeekApiArg = {
  addWeek: AddWeek;
};
export type ProjectsGetWeekDataApiResponse =
  /** status 200 Successful Response */ WeekDataRead;
export type ProjectsGetWeekDataApiArg = {
  projectId: number;
  surveyorId: number;
  weekDate: string;
};
export type ProjectsUpdateWeekDataApiResponse =
  /** status 200 Successful Response */ DataResponseWeekDataRead;
export type ProjectsUpdateWeekDataApiArg = {
  weekData: WeekData;
};
export type ProjectsDeleteClientApiResponse =
  /** status 200 Successful Response */ DataResponseClientRead;
export type ProjectsDeleteClientApiArg = {
  id: number;
  isDeactivated?: boolean | null;
};
export type ProjectsListClientsApiResponse =
  /** status 200 Successful Response */ ListResponseClientRead;
export type ProjectsListClientsApiArg = {
  search?: string | null;
  isClient?: boolean;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type ProjectsCreateClientApiResponse =
  /** status 201 Successful Response */ DataResponseClientRead;
export type ProjectsCreateClientApiArg = {
  clientCreate: ClientCreate;
};
export type ProjectsUpdateClientApiResponse =
  /** status 200 Successful Response */ DataResponseClientRead;
export type ProjectsUpdateClientApiArg = {
  clientUpdate: ClientUpdate;
};
export type ProjectsDeleteClientContactApiResponse =
  /** status 200 Successful Response */ DataResponseContactRead;
export type ProjectsDeleteClientContactApiArg = {
  id: number;
};
export type ProjectsListClientContactsApiResponse =
  /** status 200 Successful Response */ ListResponseContactRead;
export type ProjectsListClientContactsApiArg = {
  clientId: number;
  search?: string | null;
};
export type ProjectsGetClientApiResponse =
  /** status 200 Successful Response */ ClientRead;
export type ProjectsGetClientApiArg = {
  clientId: number;
};
export type ProjectsListGuidelinesApiResponse =
  /** status 200 Successful Response */ ListResponseGuidelineRead;
export type ProjectsListGuidelinesApiArg = {
  projectId: number;
  managerId?: number | null;
  surveyorId?: number | null;
};
export type ProjectsUploadGuidelineApiResponse =
  /** status 201 Successful Response */ DataResponseGuidelineRead;
export type ProjectsUploadGuidelineApiArg = {
  bodyProjectsUploadGuideline: BodyProjectsUploadGuideline;
};
export type ProjectsGetGuidelineStatusApiResponse =
  /** status 200 Successful Response */ GuidelineStatusRead;
export type ProjectsGetGuidelineStatusApiArg = {
  projectId: number;
  surveyorId?: number | null;
};
export type ProjectsUpdateGuidelineStatusApiResponse =
  /** status 200 Successful Response */ DataResponseGuidelineStatusRead;
export type ProjectsUpdateGuidelineStatusApiArg = {
  guidelineStatusUpdate: GuidelineStatusUpdate;
};
export type ProjectsGetGuidelineFileApiResponse =
  /** status 200 Successful Response */ Blob;
export type ProjectsGetGuidelineFileApiArg = {
  guidelineId: number;
};
export type ProjectsDeleteLanguageApiResponse =
  /** status 200 Successful Response */ DataResponseLanguageRead;
export type ProjectsDeleteLanguageApiArg = {
  langId: number;
};
export type ProjectsListLanguagesApiResponse =
  /** status 200 Successful Response */ ListResponseLanguageRead;
export type ProjectsListLanguagesApiArg = {
  paginated?: boolean;
  projectId?: number | null;
  surveyorId?: number | null;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type ProjectsCreateLanguageApiResponse =
  /** status 201 Successful Response */ DataResponseLanguageRead;
export type ProjectsCreateLanguageApiArg = {
  languageCreate: LanguageCreate;
};
export type ProjectsLanguageUsageApiResponse =
  /** status 200 Successful Response */ DataResponseLanguageUsage;
export type ProjectsLanguageUsageApiArg = {
  langId: number;
};
export type ProjectsDeleteProjectApiResponse =
  /** status 200 Successful Response */ DataResponseProjectRead;
export type ProjectsDeleteProjectApiArg = {
  id: number;
  isDeactivated?: boolean | null;
};
export type ProjectsListProjectsApiResponse =
  /** status 200 Successful Response */ ListResponseProjectRow;
export type ProjectsListProjectsApiArg = {
  search?: string | null;
  typeId?: number | null;
  userId?: number | null;
  onlyNames?: boolean;
  onlyNamesAttrs?: string | null;
  isEscalations?: boolean;
  isWeekly?: boolean;
  isAdmin?: boolean;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type ProjectsCreateProjectApiResponse =
  /** status 201 Successful Response */ DataResponseProjectRead;
export type ProjectsCreateProjectApiArg = {
  projectCreate: ProjectCreate;
};
export type ProjectsUpdateProjectApiResponse =
  /** status 200 Successful Response */ DataResponseProjectRead;
export type ProjectsUpdateProjectApiArg = {
  projectUpdate: ProjectUpdate;
};
export type ProjectsUpdateProjectDatesApiResponse =
  /** status 200 Successful Response */ DataResponseProjectDatesRead;
export type ProjectsUpdateProjectDatesApiArg = {
  projectDates: ProjectDates;
};
export type ProjectsLockProjectApiResponse =
  /** status 200 Successful Response */ DataResponseProjectLockRead;
export type ProjectsLockProjectApiArg = {
  projectLock: ProjectLock;
};
export type ProjectsGetProjectNameApiResponse =
  /** status 200 Successful Response */ ProjectName;
export type ProjectsGetProjectNameApiArg = {
  id: number;
};
export type ProjectsUpdateProjectStatusApiResponse =
  /** status 200 Successful Response */ DataResponseProjectStatusRead;
export type ProjectsUpdateProjectStatusApiArg = {
  projectStatus: ProjectStatus;
};
export type ProjectsListSurveyorProjectsApiResponse =
  /** status 200 Successful Response */ ListResponseSurveyorProjectRow;
export type ProjectsListSurveyorProjectsApiArg = {
  surveyorId?: number | null;
  isWeekly?: boolean;
};
export type ProjectsUpdateVisitInfoApiResponse =
  /** status 200 Successful Response */ DataResponseVisitInfoRead;
export type ProjectsUpdateVisitInfoApiArg = {
  visitInfoUpdate: VisitInfoUpdate;
};
export type ProjectsGetVisitInfoApiResponse =
  /** status 200 Successful Response */ VisitInfoRead;
export type ProjectsGetVisitInfoApiArg = {
  projectId: number;
  managerId?: number | null;
};
export type ProjectsGetProjectApiResponse =
  /** status 200 Successful Response */ ProjectDetailRead;
export type ProjectsGetProjectApiArg = {
  projectId: number;
  isAdmin?: boolean;
  managerId?: number | null;
  isSvProject?: boolean;
  isWeekly?: boolean;
  surveyorId?: number | null;
};
export type AssignmentWeekRead = {
  assignmentId: number;
  id: number;
  projectId: number;
  surveyorId: number;
  weekCompGoals: number;
  weekDate: string;
  weekGoals: number;
};
export type AssignedSurveyor = {
  email: string;
  firstName: string;
  id: number;
  lastName: string;
  role: number;
};
export type AssignmentRead = {
  assignmentHistory?: AssignmentWeekRead[];
  id: number;
  managerId: number | null;
  priority: number;
  projectId: number;
  surveyor?: AssignedSurveyor | null;
  surveyorCompGoals: number;
  surveyorGoals: number;
  surveyorId: number;
  surveysRP?: number;
  typeId: number;
};
export type DataResponseAssignmentRead = {
  data: AssignmentRead;
  message?: string;
};
export type ErrorBody = {
  message: string;
  statusCode: number;
};
export type ListResponseAssignmentRead = {
  count: number;
  rows: AssignmentRead[];
};
export type AssignmentCreate = {
  managerId?: number | null;
  priority?: number;
  projectId: number;
  surveyorCompGoals?: number;
  surveyorGoals?: number;
  surveyorId: number;
  typeId?: number;
};
export type AssignmentExpected = {
  priority?: number | null;
  surveyorCompGoals?: number | null;
  surveyorGoals?: number | null;
  typeId?: number | null;
};
export type AssignmentUpdate = {
  expected?: AssignmentExpected | null;
  id: number;
  priority?: number | null;
  surveyorCompGoals?: number | null;
  surveyorGoals?: number | null;
  typeId?: number | null;
};
export type DataResponseAssignmentWeekRead = {
  data: AssignmentWeekRead;
  message?: string;
};
export type ListResponseAssignmentWeekRead = {
  count: number;
  rows: AssignmentWeekRead[];
};
export type DataResponseListResponseAssignmentWeekRead = {
  data: ListResponseAssignmentWeekRead;
  message?: string;
};
export type WeekIn = {
  assignmentId: number;
  weekCompGoals?: number | null;
  weekDate: string;
  weekGoals?: number | null;
};
export type WeeksCreate = {
  rows: WeekIn[];
};
export type WeekExpected = {
  weekCompGoals?: number | null;
  weekGoals?: number | null;
};
export type WeekUpdate = {
  expected?: WeekExpected | null;
  id: number;
  weekCompGoals?: number | null;
  weekGoals?: number | null;
};
export type AddWeek = {
  assignmentId: number;
  weekCompGoals?: number | null;
  weekGoals?: number | null;
};
export type WeekDataRead = {
  assignmentId: number;
  id: number | null;
  projectId: number;
  surveyorId: number;
  weekCompGoals: number;
  weekDate: string;
  weekGoals: number;
};
export type DataResponseWeekDataRead = {
  data: WeekDataRead;
  message?: string;
};
export type WeekData = {
  expected?: WeekExpected | null;
  projectId: number;
  surveyorId: number;
  weekCompGoals?: number | null;
  weekDate: string;
  weekGoals?: number | null;
};
export type ContactRead = {
  clientId: number;
  email: string;
  firstName: string;
  id: number;
  jobTitle: string | null;
  lastName: string;
  phoneExtension: string | null;
  phoneNumber: string | null;
  typeId: number;
};
export type ClientRead = {
  abbr: string;
  contacts?: ContactRead[];
  countryId: number | null;
  createdAt: string;
  deletedAt: string | null;
  id: number;
  name: string;
  stateId: number;
};
export type DataResponseClientRead = {
  data: ClientRead;
  message?: string;
};
export type ListResponseClientRead = {
  count: number;
  rows: ClientRead[];
};
export type ContactIn = {
  email: string;
  firstName: string;
  id?: number | null;
  jobTitle?: string | null;
  lastName: string;
  phoneExtension?: string | null;
  phoneNumber?: string | null;
  typeId?: number;
};
export type ClientCreate = {
  abbr: string;
  contacts: ContactIn[];
  countryId?: number | null;
  name: string;
  stateId: number;
};
export type ClientUpdate = {
  abbr: string;
  contacts: ContactIn[];
  countryId?: number | null;
  id: number;
  name: string;
  stateId: number;
};
export type DataResponseContactRead = {
  data: ContactRead;
  message?: string;
};
export type ListResponseContactRead = {
  count: number;
  rows: ContactRead[];
};
export type GuidelineRead = {
  fileName: string;
  id: number;
  isCurrent: boolean;
  projectId: number;
  size: number;
  uploadedAt: string;
  url: string;
};
export type ListResponseGuidelineRead = {
  count: number;
  rows: GuidelineRead[];
};
export type DataResponseGuidelineRead = {
  data: GuidelineRead;
  message?: string;
};
export type BodyProjectsUploadGuideline = {
  file?: string | null;
  fileName?: string | null;
  projectId: number;
};
export type GuidelineStatusRead = {
  guidelineId: number | null;
  projectId: number;
  required: boolean;
  status: ("confirmed" | "remind") | null;
  surveyorId: number;
};
export type DataResponseGuidelineStatusRead = {
  data: GuidelineStatusRead;
  message?: string;
};
export type GuidelineStatusUpdate = {
  projectId: number;
  status: "confirmed" | "remind";
};
export type LanguageRead = {
  id: number;
  name: string;
};
export type DataResponseLanguageRead = {
  data: LanguageRead;
  message?: string;
};
export type ListResponseLanguageRead = {
  count: number;
  rows: LanguageRead[];
};
export type LanguageCreate = {
  name: string;
};
export type LanguageUsage = {
  id: number;
  name: string;
  projects: number;
  surveyors: number;
};
export type DataResponseLanguageUsage = {
  data: LanguageUsage;
  message?: string;
};
export type ProjectClient = {
  abbr: string;
  id: number;
  name: string;
};
export type ProjectLanguage = {
  id: number;
  name: string;
};
export type ProjectManager = {
  firstName?: string;
  id: number;
  lastName?: string;
};
export type ProjectRead = {
  approvalStatus: string | null;
  associateAgreement: boolean;
  billableRate?: string | null;
  billingModifier?:
    | {
        [key: string]: any;
      }[]
    | null;
  client?: ProjectClient | null;
  clientBuzAdd: string | null;
  clientId: number | null;
  collabGrp: string | null;
  compGoals: number | null;
  contacts: {
    [key: string]: any;
  }[];
  contractDate: string | null;
  createdAt: string;
  deadline: string;
  deletedAt: string | null;
  id: number;
  isBenchmarked: boolean;
  isLocked: boolean;
  langIds: number[];
  languages?: ProjectLanguage[];
  lineItems?:
    | {
        [key: string]: any;
      }[]
    | null;
  managerId: number;
  name: string;
  notes: string | null;
  paymentModifier?:
    | {
        [key: string]: any;
      }[]
    | null;
  paymentRate?: string | null;
  perReportingPeriodFee?: string | null;
  pmFee?: string | null;
  powerBiFee?: string | null;
  reportFreqId: number;
  reportWeeks: number | null;
  reqGoals: number | null;
  sampling: string;
  startDate: string;
  statusId: number;
  timezone: string | null;
  typeId: number;
  updatedAt: string;
  user?: ProjectManager | null;
};
export type DataResponseProjectRead = {
  data: ProjectRead;
  message?: string;
};
export type ProjectRow = {
  approvalStatus?: string | null;
  assignedSurveyors?: number | null;
  associateAgreement?: boolean | null;
  billableRate?: string | null;
  billingModifier?:
    | {
        [key: string]: any;
      }[]
    | null;
  client?: ProjectClient | null;
  clientBuzAdd?: string | null;
  clientId?: number | null;
  collabGrp?: string | null;
  compGoals?: number | null;
  contacts?:
    | {
        [key: string]: any;
      }[]
    | null;
  contractDate?: string | null;
  coverageSurveyors?: number | null;
  createdAt?: string | null;
  deadline?: string | null;
  deletedAt?: string | null;
  id: number;
  isBenchmarked?: boolean | null;
  isLocked?: boolean | null;
  langIds?: number[] | null;
  languages?: ProjectLanguage[] | null;
  lastQA?: string | null;
  lastRosterUpload?: string | null;
  lineItems?:
    | {
        [key: string]: any;
      }[]
    | null;
  managerId?: number | null;
  name: string;
  notes?: string | null;
  oldestUncleanedSurveyedOn?: string | null;
  paymentModifier?:
    | {
        [key: string]: any;
      }[]
    | null;
  paymentRate?: string | null;
  perReportingPeriodFee?: string | null;
  pmFee?: string | null;
  powerBiFee?: string | null;
  reportFreqId?: number | null;
  reportWeeks?: number | null;
  reqGoals?: number | null;
  sampling?: string | null;
  startDate?: string | null;
  statusId?: number | null;
  surveysRP?: number | null;
  timezone?: string | null;
  typeId?: number | null;
  uncleanedEscalation?: number | null;
  undefinedProviders?: number | null;
  updatedAt?: string | null;
  user?: ProjectManager | null;
};
export type ListResponseProjectRow = {
  count: number;
  rows: ProjectRow[];
};
export type Modifier = {
  details?: string | null;
  modifierId?: number | null;
  rate?: number | string;
  typeId?: number;
};
export type ProjectContact = {
  email: string;
  firstName: string;
  jobTitle?: string | null;
  lastName: string;
  phoneNumber?: string | null;
  typeId?: number;
};
export type LineItem = {
  name: string;
  price: number | string;
};
export type ProjectCreate = {
  approvalStatus?: ("PSA" | "Contract" | "Email") | null;
  associateAgreement?: boolean;
  billableRate: number | string;
  billingModifier?: Modifier[];
  clientBuzAdd?: string | null;
  clientId?: number | null;
  collabGrp?: ("CHPW" | "CPG" | "ORPCA") | null;
  compGoals?: number | null;
  contacts?: ProjectContact[];
  contractDate?: string | null;
  deadline?: string | null;
  isBenchmarked?: boolean;
  langIds?: number[];
  lineItems?: LineItem[];
  managerId: number;
  name: string;
  notes?: string | null;
  paymentModifier?: Modifier[];
  paymentRate: number | string;
  perReportingPeriodFee?: number | string | null;
  pmFee?: number | string | null;
  powerBiFee?: number | string | null;
  reportFreqId: 1 | 2 | 3 | 6 | 12;
  reportWeeks?: number | null;
  reqGoals?: number | null;
  sampling?: ("CATI" | "EMAIL" | "PAPER" | "KIOSKS" | "MAIL")[] | string;
  startDate: string;
  statusId: number;
  timezone?: string | null;
  typeId: number;
};
export type ProjectUpdate = {
  approvalStatus?: ("PSA" | "Contract" | "Email") | null;
  associateAgreement?: boolean;
  billableRate: number | string;
  billingModifier?: Modifier[];
  clientBuzAdd?: string | null;
  clientId?: number | null;
  collabGrp?: ("CHPW" | "CPG" | "ORPCA") | null;
  compGoals?: number | null;
  contacts?: ProjectContact[];
  contractDate?: string | null;
  deadline?: string | null;
  id: number;
  isBenchmarked?: boolean;
  langIds?: number[];
  lineItems?: LineItem[];
  managerId: number;
  name: string;
  notes?: string | null;
  paymentModifier?: Modifier[];
  paymentRate: number | string;
  perReportingPeriodFee?: number | string | null;
  pmFee?: number | string | null;
  powerBiFee?: number | string | null;
  reportFreqId: 1 | 2 | 3 | 6 | 12;
  reportWeeks?: number | null;
  reqGoals?: number | null;
  sampling?: ("CATI" | "EMAIL" | "PAPER" | "KIOSKS" | "MAIL")[] | string;
  startDate: string;
  statusId: number;
  timezone?: string | null;
  typeId: number;
  updatedAt?: string | null;
};
export type ProjectDatesRead = {
  deadline: string;
  id: number;
  reportWeeks: number | null;
  startDate: string;
};
export type DataResponseProjectDatesRead = {
  data: ProjectDatesRead;
  message?: string;
};
export type ProjectDates = {
  deadline?: string | null;
  id: number;
  reportWeeks?: number | null;
  startDate?: string | null;
};
export type ProjectLockRead = {
  id: number;
  isLocked: boolean;
};
export type DataResponseProjectLockRead = {
  data: ProjectLockRead;
  message?: string;
};
export type ProjectLock = {
  id: number;
  isLocked: boolean;
};
export type ProjectName = {
  id: number;
  name: string;
};
export type ProjectStatusRead = {
  id: number;
  statusId: number;
};
export type DataResponseProjectStatusRead = {
  data: ProjectStatusRead;
  message?: string;
};
export type ProjectStatus = {
  id: number;
  statusId: number;
};
export type SurveyorProjectRow = {
  assignmentId: number;
  clientName: string | null;
  deadline: string;
  id: number;
  isLocked: boolean;
  name: string;
  startDate: string;
  statusId: number;
  surveyorCompGoals: number;
  surveyorGoals: number;
  surveys: number;
  timezone: string | null;
  typeId: number;
  weekCompGoals: number | null;
  weekGoals: number | null;
};
export type ListResponseSurveyorProjectRow = {
  count: number;
  rows: SurveyorProjectRow[];
};
export type VisitInfoFieldRead = {
  field: string;
  show: boolean;
};
export type VisitInfoRead = {
  fields: VisitInfoFieldRead[];
  projectId: number;
};
export type DataResponseVisitInfoRead = {
  data: VisitInfoRead;
  message?: string;
};
export type VisitInfoField = {
  field:
    | "Age"
    | "Cell Phone"
    | "Site"
    | "CHPW"
    | "Department"
    | "DOB"
    | "DOS"
    | "Ethnicity"
    | "Guarantor"
    | "Home Phone"
    | "Language"
    | "MRN"
    | "Patient Name"
    | "Patient Type"
    | "Payer Type"
    | "Provider Name"
    | "Provider Type"
    | "Race"
    | "Sex";
  show: boolean;
};
export type VisitInfoUpdate = {
  fields: VisitInfoField[];
  projectId: number;
};
export type ProjectGoal = {
  assignmentHistory: AssignmentWeekRead[];
  assignmentId: number;
  email: string;
  firstName: string;
  lastName: string;
  priority: number;
  surveyorCompGoals: number;
  surveyorGoals: number;
  surveyorId: number;
  surveys: number;
  typeId: number;
};
export type SurveyDayCounts = {
  complete: number;
  date: string;
  incomplete: number;
  refused: number;
  wrongInfo: number;
};
export type ProjectDetailRead = {
  approvalStatus: string | null;
  /** surveyors assigned to the project as Assigned (assignment typeId 0); list rows only */
  assignedSurveyors?: number;
  associateAgreement: boolean;
  billableRate?: string | null;
  billingModifier?:
    | {
        [key: string]: any;
      }[]
    | null;
  client?: ProjectClient | null;
  clientBuzAdd: string | null;
  clientId: number | null;
  collabGrp: string | null;
  compGoals: number | null;
  contacts: {
    [key: string]: any;
  }[];
  contractDate: string | null;
  /** surveyors assigned to the project as Coverage (typeId 1); list rows only */
  coverageSurveyors?: number;
  createdAt: string;
  deadline: string;
  deletedAt: string | null;
  goals?: ProjectGoal[];
  id: number;
  isBenchmarked: boolean;
  isLocked: boolean;
  langIds: number[];
  languages?: ProjectLanguage[];
  /** the last review of one of the project's calls in the call log (a QA removal or a comment edit) */
  lastQA?: string | null;
  lastRosterUpload?: string | null;
  lineItems?:
    | {
        [key: string]: any;
      }[]
    | null;
  managerId: number;
  name: string;
  notes: string | null;
  oldestUncleanedSurveyedOn?: string | null;
  paymentModifier?:
    | {
        [key: string]: any;
      }[]
    | null;
  paymentRate?: string | null;
  perReportingPeriodFee?: string | null;
  periodEnd?: string | null;
  periodStart?: string | null;
  pmFee?: string | null;
  powerBiFee?: string | null;
  reportFreqId: number;
  reportWeeks: number | null;
  reqGoals: number | null;
  sampling: string;
  startDate: string;
  statusId: number;
  surveyDay?: SurveyDayCounts | null;
  surveysRP?: number;
  timezone: string | null;
  typeId: number;
  uncleanedEscalation?: number;
  undefinedProviders?: number | null;
  updatedAt: string;
  user?: ProjectManager | null;
  visitInfo?: {
    [key: string]: any;
  }[];
};
export const {
  useProjectsDeleteAssignmentMutation,
  useProjectsListAssignmentsQuery,
  useLazyProjectsListAssignmentsQuery,
  useProjectsCreateAssignmentMutation,
  useProjectsUpdateAssignmentMutation,
  useProjectsDeleteAssignmentWeekMutation,
  useProjectsAddAssignmentWeeksMutation,
  useProjectsUpdateAssignmentWeekMutation,
  useProjectsAddAssignmentWeekMutation,
  useProjectsGetWeekDataQuery,
  useLazyProjectsGetWeekDataQuery,
  useProjectsUpdateWeekDataMutation,
  useProjectsDeleteClientMutation,
  useProjectsListClientsQuery,
  useLazyProjectsListClientsQuery,
  useProjectsCreateClientMutation,
  useProjectsUpdateClientMutation,
  useProjectsDeleteClientContactMutation,
  useProjectsListClientContactsQuery,
  useLazyProjectsListClientContactsQuery,
  useProjectsGetClientQuery,
  useLazyProjectsGetClientQuery,
  useProjectsListGuidelinesQuery,
  useLazyProjectsListGuidelinesQuery,
  useProjectsUploadGuidelineMutation,
  useProjectsGetGuidelineStatusQuery,
  useLazyProjectsGetGuidelineStatusQuery,
  useProjectsUpdateGuidelineStatusMutation,
  useProjectsGetGuidelineFileQuery,
  useLazyProjectsGetGuidelineFileQuery,
  useProjectsDeleteLanguageMutation,
  useProjectsListLanguagesQuery,
  useLazyProjectsListLanguagesQuery,
  useProjectsCreateLanguageMutation,
  useProjectsLanguageUsageQuery,
  useLazyProjectsLanguageUsageQuery,
  useProjectsDeleteProjectMutation,
  useProjectsListProjectsQuery,
  useLazyProjectsListProjectsQuery,
  useProjectsCreateProjectMutation,
  useProjectsUpdateProjectMutation,
  useProjectsUpdateProjectDatesMutation,
  useProjectsLockProjectMutation,
  useProjectsGetProjectNameQuery,
  useLazyProjectsGetProjectNameQuery,
  useProjectsUpdateProjectStatusMutation,
  useProjectsListSurveyorProjectsQuery,
  useLazyProjectsListSurveyorProjectsQuery,
  useProjectsUpdateVisitInfoMutation,
  useProjectsGetVisitInfoQuery,
  useLazyProjectsGetVisitInfoQuery,
  useProjectsGetProjectQuery,
  useLazyProjectsGetProjectQuery,
} = injectedRtkApi;
