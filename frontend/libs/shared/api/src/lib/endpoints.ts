// Cache tags for the generated endpoints: lists provide LIST plus one tag per row id; changes invalidate them.
import { identityApi } from './generated/identity';
import { projectsApi } from './generated/projects';

type Rows = { rows?: { id: number }[] } | undefined;
const listTags = <T extends string>(type: T) => (result: unknown) => [
  { type, id: 'LIST' as const },
  ...((result as Rows)?.rows ?? []).map((r) => ({ type, id: r.id })),
];

export const identity = identityApi.enhanceEndpoints({
  addTagTypes: ['User', 'Profile', 'ExternalAttemptRead', 'Totp', 'FactorPolicy'],
  endpoints: {
    identityListUsers: { providesTags: listTags('User') },
    identityGetUser: { providesTags: (_r, _e, arg) => [{ type: 'User', id: arg.id }] },
    identityCreateUser: { invalidatesTags: [{ type: 'User', id: 'LIST' }] },
    identityUpdateUser: { invalidatesTags: (_r, _e, arg) => [{ type: 'User', id: arg.userUpdate.id }, { type: 'User', id: 'LIST' }] },
    identityDeleteUser: { invalidatesTags: (_r, _e, arg) => [{ type: 'User', id: arg.id }, { type: 'User', id: 'LIST' }] },
    identitySetUserStatus: { invalidatesTags: (_r, _e, arg) => [{ type: 'User', id: arg.userStatus.id }, { type: 'User', id: 'LIST' }] },
    identityInviteUser: { invalidatesTags: (_r, _e, arg) => [{ type: 'User', id: arg.userId.id }] },
    identityGetProfile: { providesTags: ['Profile'] },
    identityUpdateProfile: { invalidatesTags: ['Profile', { type: 'User', id: 'LIST' }] },
    identityListExternalAttempts: { providesTags: listTags('ExternalAttemptRead') },
    identityConfirmContactChange: { invalidatesTags: ['Profile', { type: 'User', id: 'LIST' }] },
    identityGetTotpStatus: { providesTags: ['Totp'] },
    identityConfirmTotpEnrolment: { invalidatesTags: ['Totp'] },
    identityDisableTotp: { invalidatesTags: ['Totp'] },
    identityGetFactorPolicy: { providesTags: ['FactorPolicy'] },
    identitySetFactorPolicy: { invalidatesTags: ['FactorPolicy', 'Totp'] },
  },
});

export const projects = projectsApi.enhanceEndpoints({
  addTagTypes: ['Language'],
  endpoints: {
    projectsListLanguages: { providesTags: listTags('Language') },
    projectsCreateLanguage: { invalidatesTags: [{ type: 'Language', id: 'LIST' }] },
    projectsDeleteLanguage: { invalidatesTags: [{ type: 'Language', id: 'LIST' }] },
  },
});
