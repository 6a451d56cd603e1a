import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    identityCreateSession: build.mutation<
      IdentityCreateSessionApiResponse,
      IdentityCreateSessionApiArg
    >({
      query: (queryArg) => ({
        url: `/sessions`,
        method: "POST",
        body: queryArg.sessionCreate,
        params: {
          jwt: queryArg.jwt,
        },
      }),
    }),
    identityRefreshSession: build.query<
      IdentityRefreshSessionApiResponse,
      IdentityRefreshSessionApiArg
    >({
      query: () => ({ url: `/sessions` }),
    }),
    identityDeleteSession: build.mutation<
      IdentityDeleteSessionApiResponse,
      IdentityDeleteSessionApiArg
    >({
      query: () => ({ url: `/sessions`, method: "DELETE" }),
    }),
    identitySendOtp: build.mutation<
      IdentitySendOtpApiResponse,
      IdentitySendOtpApiArg
    >({
      query: (queryArg) => ({
        url: `/sessions/send-otp`,
        method: "POST",
        body: queryArg.sendOtp,
      }),
    }),
    identityVerifyOtp: build.mutation<
      IdentityVerifyOtpApiResponse,
      IdentityVerifyOtpApiArg
    >({
      query: (queryArg) => ({
        url: `/sessions/otp-verification`,
        method: "POST",
        body: queryArg.otpVerify,
      }),
    }),
    identityResetOtpStatus: build.mutation<
      IdentityResetOtpStatusApiResponse,
      IdentityResetOtpStatusApiArg
    >({
      query: (queryArg) => ({
        url: `/sessions/otp-status`,
        method: "PUT",
        body: queryArg.otpStatus,
      }),
    }),
    identityPasswordForgot: build.mutation<
      IdentityPasswordForgotApiResponse,
      IdentityPasswordForgotApiArg
    >({
      query: (queryArg) => ({
        url: `/account/password-forgot`,
        method: "POST",
        body: queryArg.passwordForgot,
      }),
    }),
    identityPasswordTokenVerify: build.mutation<
      IdentityPasswordTokenVerifyApiResponse,
      IdentityPasswordTokenVerifyApiArg
    >({
      query: (queryArg) => ({
        url: `/account/password-token-verify`,
        method: "POST",
        body: queryArg.tokenVerify,
      }),
    }),
    identityPasswordReset: build.mutation<
      IdentityPasswordResetApiResponse,
      IdentityPasswordResetApiArg
    >({
      query: (queryArg) => ({
        url: `/account/password-reset`,
        method: "POST",
        body: queryArg.passwordReset,
      }),
    }),
    identityGetProfile: build.query<
      IdentityGetProfileApiResponse,
      IdentityGetProfileApiArg
    >({
      query: () => ({ url: `/account/profile` }),
    }),
    identityUpdateProfile: build.mutation<
      IdentityUpdateProfileApiResponse,
      IdentityUpdateProfileApiArg
    >({
      query: (queryArg) => ({
        url: `/account/profile`,
        method: "PUT",
        body: queryArg.profileUpdate,
      }),
    }),
    identityListUsers: build.query<
      IdentityListUsersApiResponse,
      IdentityListUsersApiArg
    >({
      query: (queryArg) => ({
        url: `/users`,
        params: {
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
          search: queryArg.search,
          role: queryArg.role,
          isDeleted: queryArg.isDeleted,
          status: queryArg.status,
          paginated: queryArg.paginated,
        },
      }),
    }),
    identityCreateUser: build.mutation<
      IdentityCreateUserApiResponse,
      IdentityCreateUserApiArg
    >({
      query: (queryArg) => ({
        url: `/users`,
        method: "POST",
        body: queryArg.userCreate,
      }),
    }),
    identityUpdateUser: build.mutation<
      IdentityUpdateUserApiResponse,
      IdentityUpdateUserApiArg
    >({
      query: (queryArg) => ({
        url: `/users`,
        method: "PUT",
        body: queryArg.userUpdate,
      }),
    }),
    identityDeleteUser: build.mutation<
      IdentityDeleteUserApiResponse,
      IdentityDeleteUserApiArg
    >({
      query: (queryArg) => ({
        url: `/users`,
        method: "DELETE",
        params: {
          id: queryArg.id,
        },
      }),
    }),
    identityGetUser: build.query<
      IdentityGetUserApiResponse,
      IdentityGetUserApiArg
    >({
      query: (queryArg) => ({ url: `/users/${queryArg.id}` }),
    }),
    identityInviteUser: build.mutation<
      IdentityInviteUserApiResponse,
      IdentityInviteUserApiArg
    >({
      query: (queryArg) => ({
        url: `/users/invite`,
        method: "POST",
        body: queryArg.userId,
      }),
    }),
    identitySetUserStatus: build.mutation<
      IdentitySetUserStatusApiResponse,
      IdentitySetUserStatusApiArg
    >({
      query: (queryArg) => ({
        url: `/users/status`,
        method: "PUT",
        body: queryArg.userStatus,
      }),
    }),
    identityExportUsers: build.query<
      IdentityExportUsersApiResponse,
      IdentityExportUsersApiArg
    >({
      query: (queryArg) => ({
        url: `/users/export`,
        params: {
          search: queryArg.search,
          role: queryArg.role,
          isDeleted: queryArg.isDeleted,
        },
      }),
    }),
    identityListSurveyors: build.query<
      IdentityListSurveyorsApiResponse,
      IdentityListSurveyorsApiArg
    >({
      query: (queryArg) => ({
        url: `/users/surveyors`,
        params: {
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
          isWeekly: queryArg.isWeekly,
          managerId: queryArg.managerId,
          search: queryArg.search,
          type: queryArg["type"],
        },
      }),
    }),
    identitySurveyorsInfo: build.query<
      IdentitySurveyorsInfoApiResponse,
      IdentitySurveyorsInfoApiArg
    >({
      query: (queryArg) => ({
        url: `/users/surveyors-info`,
        params: {
          managerId: queryArg.managerId,
          type: queryArg["type"],
        },
      }),
    }),
    identityListExternalLogins: build.query<
      IdentityListExternalLoginsApiResponse,
      IdentityListExternalLoginsApiArg
    >({
      query: (queryArg) => ({
        url: `/users/external-user`,
        params: {
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
        },
      }),
    }),
    identityRevealExternalPassword: build.query<
      IdentityRevealExternalPasswordApiResponse,
      IdentityRevealExternalPasswordApiArg
    >({
      query: (queryArg) => ({
        url: `/users/external-user/${queryArg.id}/password`,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as identityApi };
export type IdentityCreateSessionApiResponse =
  /** status 200 OK */ PreAuthResponse;
export type IdentityCreateSessionApiArg = {
  jwt?: number;
  sessionCreate: SessionCreate;
};
export type IdentityRefreshSessionApiResponse =
  /** status 200 OK */ SignedInResponse;
export type IdentityRefreshSessionApiArg = void;
export type IdentityDeleteSessionApiResponse = /** status 200 OK */ Message;
export type IdentityDeleteSessionApiArg = void;
export type IdentitySendOtpApiResponse = /** status 200 OK */ OtpSent;
export type IdentitySendOtpApiArg = {
  sendOtp: SendOtp;
};
export type IdentityVerifyOtpApiResponse =
  /** status 200 OK */ SignedInResponse;
export type IdentityVerifyOtpApiArg = {
  otpVerify: OtpVerify;
};
export type IdentityResetOtpStatusApiResponse = /** status 200 OK */ Message;
export type IdentityResetOtpStatusApiArg = {
  otpStatus: OtpStatus;
};
export type IdentityPasswordForgotApiResponse = /** status 200 OK */ Message;
export type IdentityPasswordForgotApiArg = {
  passwordForgot: PasswordForgot;
};
export type IdentityPasswordTokenVerifyApiResponse =
  /** status 200 OK */ TokenOwner;
export type IdentityPasswordTokenVerifyApiArg = {
  tokenVerify: TokenVerify;
};
export type IdentityPasswordResetApiResponse = /** status 200 OK */ Message;
export type IdentityPasswordResetApiArg = {
  passwordReset: PasswordReset;
};
export type IdentityGetProfileApiResponse = /** status 200 OK */ UserData;
export type IdentityGetProfileApiArg = void;
export type IdentityUpdateProfileApiResponse =
  /** status 200 OK */ UserResponse;
export type IdentityUpdateProfileApiArg = {
  profileUpdate: ProfileUpdate;
};
export type IdentityListUsersApiResponse = /** status 200 OK */ UserPage;
export type IdentityListUsersApiArg = {
  skip?: number;
  limit?: number;
  orderBy?: string;
  orderDir?: "ASC" | "DESC";
  search?: string;
  role?: number;
  isDeleted?: boolean;
  status?: string;
  paginated?: boolean;
};
export type IdentityCreateUserApiResponse = /** status 201 OK */ UserResponse;
export type IdentityCreateUserApiArg = {
  userCreate: UserCreate;
};
export type IdentityUpdateUserApiResponse = /** status 200 OK */ UserResponse;
export type IdentityUpdateUserApiArg = {
  userUpdate: UserUpdate;
};
export type IdentityDeleteUserApiResponse = /** status 200 OK */ Message;
export type IdentityDeleteUserApiArg = {
  id: number;
};
export type IdentityGetUserApiResponse = /** status 200 OK */ UserData;
export type IdentityGetUserApiArg = {
  id: number;
};
export type IdentityInviteUserApiResponse = /** status 200 OK */ Message;
export type IdentityInviteUserApiArg = {
  userId: UserId;
};
export type IdentitySetUserStatusApiResponse =
  /** status 200 OK */ UserResponse;
export type IdentitySetUserStatusApiArg = {
  userStatus: UserStatus;
};
export type IdentityExportUsersApiResponse = /** status 200 OK */ string;
export type IdentityExportUsersApiArg = {
  search?: string;
  role?: number;
  isDeleted?: boolean;
};
export type IdentityListSurveyorsApiResponse = /** status 200 OK */ UserPage;
export type IdentityListSurveyorsApiArg = {
  skip?: number;
  limit?: number;
  orderBy?: string;
  orderDir?: "ASC" | "DESC";
  isWeekly?: boolean;
  managerId?: number;
  search?: string;
  type?: number;
};
export type IdentitySurveyorsInfoApiResponse =
  /** status 200 OK */ SurveyorsInfo;
export type IdentitySurveyorsInfoApiArg = {
  managerId?: number;
  type?: number;
};
export type IdentityListExternalLoginsApiResponse =
  /** status 200 OK */ ExternalLoginPage;
export type IdentityListExternalLoginsApiArg = {
  skip?: number;
  limit?: number;
  orderBy?: string;
  orderDir?: "ASC" | "DESC";
};
export type IdentityRevealExternalPasswordApiResponse =
  /** status 200 OK */ RevealedPassword;
export type IdentityRevealExternalPasswordApiArg = {
  id: number;
};
export type CimrManager = {
  id: number;
  firstName: string;
  lastName: string;
  phoneNumber?: string | null;
};
export type PreAuthUser = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  role: number;
  phoneNumber?: string | null;
  cimrList: CimrManager[];
};
export type PreAuthResponse = {
  message: string;
  data?: {
    user: PreAuthUser;
  };
};
export type ErrorBody = {
  statusCode: number;
  message: string;
};
export type SessionCreate = {
  email: string;
  password: string;
  userKey?: string | null;
  isRemember?: boolean;
  ipAddress?: string | null;
};
export type UserRead = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string | null;
  role: number;
  vonageExt?: string | null;
  cid?: string | null;
  isDeleted: boolean;
  languages: string[];
  langIds: number[];
  cimrList: CimrManager[];
  createdAt?: string;
  updatedAt?: string;
  invitationPending: boolean;
};
export type SignedIn = {
  user: UserRead;
  accessToken: string;
  expiresIn: number;
};
export type SignedInResponse = {
  message: string;
  data?: SignedIn;
};
export type Message = {
  message: string;
};
export type OtpSent = {
  message: string;
  data?: {
    expiresIn: number;
  };
};
export type SendOtp = {
  id: number;
  phoneNumber?: string | null;
  name?: string | null;
  cimrManagerId?: number | null;
};
export type OtpVerify = {
  email: string;
  id: number;
  otp: string;
};
export type OtpStatus = {
  id: number;
};
export type PasswordForgot = {
  email: string;
};
export type TokenOwner = {
  message: string;
  data?: {
    firstName: string;
    lastName: string;
    email: string;
  };
};
export type TokenVerify = {
  token: string;
  isInvite: boolean;
};
export type PasswordReset = {
  token: string;
  password: string;
  email: string;
  isInvite: boolean;
};
export type UserData = {
  data: UserRead;
};
export type UserResponse = {
  message: string;
  data?: UserRead;
};
export type ProfileUpdate = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string | null;
  langIds?: number[] | null;
};
export type UserPage = {
  rows: UserRead[];
  count: number;
};
export type UserCreate = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string | null;
  role: number;
  vonageExt?: string | null;
  cid?: string | null;
  langIds?: number[] | null;
  cimrIds?: number[] | null;
};
export type UserUpdate = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string | null;
  role: number;
  vonageExt?: string | null;
  cid?: string | null;
  langIds?: number[] | null;
  cimrIds?: number[] | null;
};
export type UserId = {
  id: number;
};
export type UserStatus = {
  id: number;
  status: "active" | "deactivated";
};
export type SurveyorBrief = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
};
export type SurveyorsInfo = {
  data: SurveyorBrief[];
};
export type ExternalLogin = {
  id: number;
  email: string;
  apwd: string;
  ipAddress?: string | null;
  createdAt: string;
};
export type ExternalLoginPage = {
  rows: ExternalLogin[];
  count: number;
};
export type RevealedPassword = {
  data: {
    apwd: string;
  };
};
export const {
  useIdentityCreateSessionMutation,
  useIdentityRefreshSessionQuery,
  useLazyIdentityRefreshSessionQuery,
  useIdentityDeleteSessionMutation,
  useIdentitySendOtpMutation,
  useIdentityVerifyOtpMutation,
  useIdentityResetOtpStatusMutation,
  useIdentityPasswordForgotMutation,
  useIdentityPasswordTokenVerifyMutation,
  useIdentityPasswordResetMutation,
  useIdentityGetProfileQuery,
  useLazyIdentityGetProfileQuery,
  useIdentityUpdateProfileMutation,
  useIdentityListUsersQuery,
  useLazyIdentityListUsersQuery,
  useIdentityCreateUserMutation,
  useIdentityUpdateUserMutation,
  useIdentityDeleteUserMutation,
  useIdentityGetUserQuery,
  useLazyIdentityGetUserQuery,
  useIdentityInviteUserMutation,
  useIdentitySetUserStatusMutation,
  useIdentityExportUsersQuery,
  useLazyIdentityExportUsersQuery,
  useIdentityListSurveyorsQuery,
  useLazyIdentityListSurveyorsQuery,
  useIdentitySurveyorsInfoQuery,
  useLazyIdentitySurveyorsInfoQuery,
  useIdentityListExternalLoginsQuery,
  useLazyIdentityListExternalLoginsQuery,
  useIdentityRevealExternalPasswordQuery,
  useLazyIdentityRevealExternalPasswordQuery,
} = injectedRtkApi;
