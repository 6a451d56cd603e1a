// The projects context's data access: the generated endpoints with cache tags (lists provide LIST plus one tag
// per row; changes invalidate what they touch), and the hooks and types the screens use.
import { projects, projectsGenerated as G } from '@frontend/shared-api';

type Rows = { rows?: { id: number }[] } | undefined;
const listTags = <T extends string>(type: T) => (result: unknown) => [
  { type, id: 'LIST' as const },
  ...((result as Rows)?.rows ?? []).map((r) => ({ type, id: r.id })),
];
const all = ['Project', 'Client', 'Assignment', 'Guideline'] as const;

export const projectsApi = projects.enhanceEndpoints({
  addTagTypes: [...all],
  endpoints: {
    projectsListClients: { providesTags: listTags('Client') },
    projectsGetClient: { providesTags: (_r, _e, a) => [{ type: 'Client', id: a.clientId }] },
    projectsListClientContacts: { providesTags: ['Client'] },
    projectsCreateClient: { invalidatesTags: ['Client'] },
    projectsUpdateClient: { invalidatesTags: ['Client'] },
    projectsDeleteClient: { invalidatesTags: ['Client', 'Project'] },
    projectsDeleteClientContact: { invalidatesTags: ['Client'] },
    projectsListProjects: { providesTags: listTags('Project') },
    projectsListSurveyorProjects: { providesTags: ['Project', 'Assignment'] },
    projectsGetProject: { providesTags: (_r, _e, a) => [{ type: 'Project', id: a.projectId }, 'Assignment'] },
    projectsGetProjectName: { providesTags: ['Project'] },
    projectsGetVisitInfo: { providesTags: ['Project'] },
    projectsCreateProject: { invalidatesTags: ['Project'] },
    // a refused save (a 409: another user saved first) does not read the project again: the wizard is keyed by its
    // updatedAt and would start again from the saved project, dropping what was typed, before the user chose Reload
    projectsUpdateProject: { invalidatesTags: (_r, error) => (error ? [] : ['Project']) },
    projectsDeleteProject: { invalidatesTags: ['Project', 'Assignment'] },
    projectsLockProject: { invalidatesTags: ['Project'] },
    projectsUpdateProjectStatus: { invalidatesTags: ['Project'] },
    projectsUpdateProjectDates: { invalidatesTags: ['Project'] },
    projectsUpdateVisitInfo: { invalidatesTags: ['Project'] },
    projectsListAssignments: { providesTags: listTags('Assignment') },
    projectsCreateAssignment: { invalidatesTags: ['Assignment', 'Project'] },
    projectsUpdateAssignment: { invalidatesTags: ['Assignment', 'Project'] },
    projectsDeleteAssignment: { invalidatesTags: ['Assignment', 'Project'] },
    projectsAddAssignmentWeeks: { invalidatesTags: ['Assignment', 'Project'] },
    projectsAddAssignmentWeek: { invalidatesTags: ['Assignment', 'Project'] },
    projectsUpdateAssignmentWeek: { invalidatesTags: ['Assignment', 'Project'] },
    projectsDeleteAssignmentWeek: { invalidatesTags: ['Assignment', 'Project'] },
    projectsGetWeekData: { providesTags: ['Assignment'] },
    projectsUpdateWeekData: { invalidatesTags: ['Assignment', 'Project'] },
    projectsListGuidelines: { providesTags: ['Guideline'] },
    projectsGetGuidelineStatus: { providesTags: ['Guideline'] },
    projectsUploadGuideline: { invalidatesTags: ['Guideline'] },
    projectsUpdateGuidelineStatus: { invalidatesTags: ['Guideline'] },
  },
});

const e = projectsApi.endpoints;
export const useListClientsQuery = e.projectsListClients.useQuery;
export const useGetClientQuery = e.projectsGetClient.useQuery;
export const useListClientContactsQuery = e.projectsListClientContacts.useQuery;
export const useCreateClientMutation = e.projectsCreateClient.useMutation;
export const useUpdateClientMutation = e.projectsUpdateClient.useMutation;
export const useDeleteClientMutation = e.projectsDeleteClient.useMutation;
export const useDeleteClientContactMutation = e.projectsDeleteClientContact.useMutation;
export const useListProjectsQuery = e.projectsListProjects.useQuery;
export const useListSurveyorProjectsQuery = e.projectsListSurveyorProjects.useQuery;
export const useGetProjectQuery = e.projectsGetProject.useQuery;
export const useGetVisitInfoQuery = e.projectsGetVisitInfo.useQuery;
export const useCreateProjectMutation = e.projectsCreateProject.useMutation;
export const useUpdateProjectMutation = e.projectsUpdateProject.useMutation;
export const useDeleteProjectMutation = e.projectsDeleteProject.useMutation;
export const useLockProjectMutation = e.projectsLockProject.useMutation;
export const useUpdateProjectStatusMutation = e.projectsUpdateProjectStatus.useMutation;
export const useUpdateProjectDatesMutation = e.projectsUpdateProjectDates.useMutation;
export const useUpdateVisitInfoMutation = e.projectsUpdateVisitInfo.useMutation;
export const useListAssignmentsQuery = e.projectsListAssignments.useQuery;
export const useCreateAssignmentMutation = e.projectsCreateAssignment.useMutation;
export const useUpdateAssignmentMutation = e.projectsUpdateAssignment.useMutation;
export const useDeleteAssignmentMutation = e.projectsDeleteAssignment.useMutation;
export const useAddAssignmentWeekMutation = e.projectsAddAssignmentWeek.useMutation;
export const useUpdateAssignmentWeekMutation = e.projectsUpdateAssignmentWeek.useMutation;
export const useDeleteAssignmentWeekMutation = e.projectsDeleteAssignmentWeek.useMutation;
export const useListGuidelinesQuery = e.projectsListGuidelines.useQuery;
export const useGuidelineStatusQuery = e.projectsGetGuidelineStatus.useQuery;
export const useUploadGuidelineMutation = e.projectsUploadGuideline.useMutation;
export const useUpdateGuidelineStatusMutation = e.projectsUpdateGuidelineStatus.useMutation;

export type ProjectRow = G.ProjectRow;
export type ProjectDetail = G.ProjectDetailRead;
export type ProjectCreate = G.ProjectCreate;
export type ClientRead = G.ClientRead;
export type ContactRead = G.ContactRead;
export type ContactIn = G.ContactIn;
export type AssignmentRead = G.AssignmentRead;
export type SurveyorProjectRow = G.SurveyorProjectRow;
export type GuidelineRead = G.GuidelineRead;
export type AssignmentWeek = G.AssignmentWeekRead;
