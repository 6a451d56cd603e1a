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
    projectsGetClient: build.query<
      ProjectsGetClientApiResponse,
      ProjectsGetClientApiArg
    >({
      query: (queryArg) => ({ url: `/clients/${queryArg.clientId}` }),
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
    projectsGetProject: build.query<
      ProjectsGetProjectApiResponse,
      ProjectsGetProjectApiArg
    >({
      query: (queryArg) => ({ url: `/projects/${queryArg.projectId}` }),
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
export type ProjectsGetClientApiResponse =
  /** status 200 Successful Response */ ClientRead;
export type ProjectsGetClientApiArg = {
  clientId: number;
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
export type ProjectsListProjectsApiResponse =
  /** status 200 Successful Response */ ListResponseProjectRead;
export type ProjectsListProjectsApiArg = {
  search?: string | null;
  typeId?: number | null;
  userId?: number | null;
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
export type ProjectsLockProjectApiResponse =
  /** status 200 Successful Response */ DataResponseProjectLockRead;
export type ProjectsLockProjectApiArg = {
  projectLock: ProjectLock;
};
export type ProjectsGetProjectApiResponse =
  /** status 200 Successful Response */ ProjectRead;
export type ProjectsGetProjectApiArg = {
  projectId: number;
};
export type AssignedSurveyor = {
  email: string;
  firstName: string;
  id: number;
  lastName: string;
  role: number;
};
export type AssignmentRead = {
  id: number;
  managerId: number | null;
  priority: number;
  projectId: number;
  surveyor?: AssignedSurveyor | null;
  surveyorCompGoals: number;
  surveyorGoals: number;
  surveyorId: number;
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
  billableRate: string;
  billingModifier: {
    [key: string]: any;
  }[];
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
  lineItems: {
    [key: string]: any;
  }[];
  managerId: number;
  name: string;
  notes: string | null;
  paymentModifier: {
    [key: string]: any;
  }[];
  paymentRate: string;
  perReportingPeriodFee: string | null;
  pmFee: string | null;
  powerBiFee: string | null;
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
export type ListResponseProjectRead = {
  count: number;
  rows: ProjectRead[];
};
export type DataResponseProjectRead = {
  data: ProjectRead;
  message?: string;
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
  sampling?: ("CATI" | "EMAIL" | "PAPER" | "KIOSKS" | "MAIL")[];
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
  sampling?: ("CATI" | "EMAIL" | "PAPER" | "KIOSKS" | "MAIL")[];
  startDate: string;
  statusId: number;
  timezone?: string | null;
  typeId: number;
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
export const {
  useProjectsDeleteAssignmentMutation,
  useProjectsListAssignmentsQuery,
  useLazyProjectsListAssignmentsQuery,
  useProjectsCreateAssignmentMutation,
  useProjectsDeleteClientMutation,
  useProjectsListClientsQuery,
  useLazyProjectsListClientsQuery,
  useProjectsCreateClientMutation,
  useProjectsUpdateClientMutation,
  useProjectsGetClientQuery,
  useLazyProjectsGetClientQuery,
  useProjectsDeleteLanguageMutation,
  useProjectsListLanguagesQuery,
  useLazyProjectsListLanguagesQuery,
  useProjectsCreateLanguageMutation,
  useProjectsListProjectsQuery,
  useLazyProjectsListProjectsQuery,
  useProjectsCreateProjectMutation,
  useProjectsUpdateProjectMutation,
  useProjectsLockProjectMutation,
  useProjectsGetProjectQuery,
  useLazyProjectsGetProjectQuery,
} = injectedRtkApi;
