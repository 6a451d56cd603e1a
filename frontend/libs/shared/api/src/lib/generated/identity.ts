import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    identityStartContactChange: build.mutation<
      IdentityStartContactChangeApiResponse,
      IdentityStartContactChangeApiArg
    >({
      query: (queryArg) => ({
        url: `/account/contact-change`,
        method: "POST",
        body: queryArg.contactChangeStart,
      }),
    }),
    identityConfirmContactChange: build.mutation<
      IdentityConfirmContactChangeApiResponse,
      IdentityConfirmContactChangeApiArg
    >({
      query: (queryArg) => ({
        url: `/account/contact-change/confirm`,
        method: "POST",
        body: queryArg.contactChangeConfirm,
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
    identityPasswordTokenVerify: build.mutation<
      IdentityPasswordTokenVerifyApiResponse,
      IdentityPasswordTokenVerifyApiArg
    >({
      query: (queryArg) => ({
        url: `/account/password-token-verify`,
        method: "POST",
        body: queryArg.passwordTokenVerify,
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
    identityGetTotpStatus: build.query<
      IdentityGetTotpStatusApiResponse,
      IdentityGetTotpStatusApiArg
    >({
      query: () => ({ url: `/account/totp` }),
    }),
    identityStartTotpEnrolment: build.mutation<
      IdentityStartTotpEnrolmentApiResponse,
      IdentityStartTotpEnrolmentApiArg
    >({
      query: (queryArg) => ({
        url: `/account/totp`,
        method: "POST",
        body: queryArg.totpEnrolmentStart,
      }),
    }),
    identityConfirmTotpEnrolment: build.mutation<
      IdentityConfirmTotpEnrolmentApiResponse,
      IdentityConfirmTotpEnrolmentApiArg
    >({
      query: (queryArg) => ({
        url: `/account/totp/confirm`,
        method: "POST",
        body: queryArg.totpEnrolmentConfirm,
      }),
    }),
    identityDisableTotp: build.mutation<
      IdentityDisableTotpApiResponse,
      IdentityDisableTotpApiArg
    >({
      query: (queryArg) => ({
        url: `/account/totp/disable`,
        method: "POST",
        body: queryArg.totpDisable,
      }),
    }),
    identitySignOut: build.mutation<
      IdentitySignOutApiResponse,
      IdentitySignOutApiArg
    >({
      query: () => ({ url: `/sessions`, method: "DELETE" }),
    }),
    identityRefreshSession: build.query<
      IdentityRefreshSessionApiResponse,
      IdentityRefreshSessionApiArg
    >({
      query: (queryArg) => ({
        url: `/sessions`,
        params: {
          idle: queryArg.idle,
        },
      }),
    }),
    identitySignIn: build.mutation<
      IdentitySignInApiResponse,
      IdentitySignInApiArg
    >({
      query: (queryArg) => ({
        url: `/sessions`,
        method: "POST",
        body: queryArg.signIn,
        params: {
          jwt: queryArg.jwt,
        },
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
    identityVerifyOtp: build.mutation<
      IdentityVerifyOtpApiResponse,
      IdentityVerifyOtpApiArg
    >({
      query: (queryArg) => ({
        url: `/sessions/otp-verification`,
        method: "POST",
        body: queryArg.verifyOtp,
      }),
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
    identityVerifyTotp: build.mutation<
      IdentityVerifyTotpApiResponse,
      IdentityVerifyTotpApiArg
    >({
      query: (queryArg) => ({
        url: `/sessions/totp-verification`,
        method: "POST",
        body: queryArg.verifyTotp,
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
    identityListUsers: build.query<
      IdentityListUsersApiResponse,
      IdentityListUsersApiArg
    >({
      query: (queryArg) => ({
        url: `/users`,
        params: {
          search: queryArg.search,
          role: queryArg.role,
          isDeleted: queryArg.isDeleted,
          status: queryArg.status,
          paginated: queryArg.paginated,
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
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
          status: queryArg.status,
        },
      }),
    }),
    identityListExternalAttempts: build.query<
      IdentityListExternalAttemptsApiResponse,
      IdentityListExternalAttemptsApiArg
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
    identityGetFactorPolicy: build.query<
      IdentityGetFactorPolicyApiResponse,
      IdentityGetFactorPolicyApiArg
    >({
      query: () => ({ url: `/users/factor-policy` }),
    }),
    identitySetFactorPolicy: build.mutation<
      IdentitySetFactorPolicyApiResponse,
      IdentitySetFactorPolicyApiArg
    >({
      query: (queryArg) => ({
        url: `/users/factor-policy`,
        method: "PUT",
        body: queryArg.factorPolicyUpdate,
      }),
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
    identityListSignIns: build.query<
      IdentityListSignInsApiResponse,
      IdentityListSignInsApiArg
    >({
      query: (queryArg) => ({
        url: `/users/sign-ins`,
        params: {
          userId: queryArg.userId,
          from: queryArg["from"],
          to: queryArg.to,
          skip: queryArg.skip,
          limit: queryArg.limit,
        },
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
    identityGetUser: build.query<
      IdentityGetUserApiResponse,
      IdentityGetUserApiArg
    >({
      query: (queryArg) => ({ url: `/users/${queryArg.id}` }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as identityApi };
export type IdentityStartContactChangeApiResponse =
  /** status 200 Successful Response */ ContactChangeSentResponse;
export type IdentityStartContactChangeApiArg = {
  contactChangeStart: ContactChangeStart;
};
export type IdentityConfirmContactChangeApiResponse =
  /** status 200 Successful Response */ UserMessage;
export type IdentityConfirmContactChangeApiArg = {
  contactChangeConfirm: ContactChangeConfirm;
};
export type IdentityPasswordForgotApiResponse =
  /** status 200 Successful Response */ Message;
export type IdentityPasswordForgotApiArg = {
  passwordForgot: PasswordForgot;
};
export type IdentityPasswordResetApiResponse =
  /** status 200 Successful Response */ Message;
export type IdentityPasswordResetApiArg = {
  passwordReset: PasswordReset;
};
export type IdentityPasswordTokenVerifyApiResponse =
  /** status 200 Successful Response */ TokenOwnerResponse;
export type IdentityPasswordTokenVerifyApiArg = {
  passwordTokenVerify: PasswordTokenVerify;
};
export type IdentityGetProfileApiResponse =
  /** status 200 Successful Response */ UserData;
export type IdentityGetProfileApiArg = void;
export type IdentityUpdateProfileApiResponse =
  /** status 200 Successful Response */ UserMessage;
export type IdentityUpdateProfileApiArg = {
  profileUpdate: ProfileUpdate;
};
export type IdentityGetTotpStatusApiResponse =
  /** status 200 Successful Response */ TotpStatusResponse;
export type IdentityGetTotpStatusApiArg = void;
export type IdentityStartTotpEnrolmentApiResponse =
  /** status 200 Successful Response */ TotpEnrolmentResponse;
export type IdentityStartTotpEnrolmentApiArg = {
  totpEnrolmentStart: TotpEnrolmentStart;
};
export type IdentityConfirmTotpEnrolmentApiResponse =
  /** status 200 Successful Response */ RecoveryCodesResponse;
export type IdentityConfirmTotpEnrolmentApiArg = {
  totpEnrolmentConfirm: TotpEnrolmentConfirm;
};
export type IdentityDisableTotpApiResponse =
  /** status 200 Successful Response */ Message;
export type IdentityDisableTotpApiArg = {
  totpDisable: TotpDisable;
};
export type IdentitySignOutApiResponse =
  /** status 200 Successful Response */ Message;
export type IdentitySignOutApiArg = void;
export type IdentityRefreshSessionApiResponse =
  /** status 200 Successful Response */ SignedInResponse;
export type IdentityRefreshSessionApiArg = {
  /** Seconds since the user's last input (keyboard, pointer) as the browser's idle timer knows it. The session is refused once this and the server's own record both exceed the role's idle limit. */
  idle?: number;
};
export type IdentitySignInApiResponse =
  /** status 200 Successful Response */ PreAuthResponse;
export type IdentitySignInApiArg = {
  jwt?: number | null;
  signIn: SignIn;
};
export type IdentityResetOtpStatusApiResponse =
  /** status 200 Successful Response */ Message;
export type IdentityResetOtpStatusApiArg = {
  otpStatus: OtpStatus;
};
export type IdentityVerifyOtpApiResponse =
  /** status 200 Successful Response */ SignedInResponse;
export type IdentityVerifyOtpApiArg = {
  verifyOtp: VerifyOtp;
};
export type IdentitySendOtpApiResponse =
  /** status 200 Successful Response */ OtpSentResponse;
export type IdentitySendOtpApiArg = {
  sendOtp: SendOtp;
};
export type IdentityVerifyTotpApiResponse =
  /** status 200 Successful Response */ SignedInResponse;
export type IdentityVerifyTotpApiArg = {
  verifyTotp: VerifyTotp;
};
export type IdentityDeleteUserApiResponse =
  /** status 200 Successful Response */ Message;
export type IdentityDeleteUserApiArg = {
  id: number;
};
export type IdentityListUsersApiResponse =
  /** status 200 Successful Response */ UserList;
export type IdentityListUsersApiArg = {
  search?: string | null;
  role?: number | null;
  isDeleted?: boolean | null;
  status?: ("active" | "deactivated") | null;
  paginated?: boolean;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type IdentityCreateUserApiResponse =
  /** status 201 Successful Response */ UserMessage;
export type IdentityCreateUserApiArg = {
  userCreate: UserCreate;
};
export type IdentityUpdateUserApiResponse =
  /** status 200 Successful Response */ UserMessage;
export type IdentityUpdateUserApiArg = {
  userUpdate: UserUpdate;
};
export type IdentityExportUsersApiResponse =
  /** status 200 Successful Response */ string;
export type IdentityExportUsersApiArg = {
  search?: string | null;
  role?: number | null;
  isDeleted?: boolean | null;
  status?: ("active" | "deactivated") | null;
};
export type IdentityListExternalAttemptsApiResponse =
  /** status 200 Successful Response */ ExternalAttemptList;
export type IdentityListExternalAttemptsApiArg = {
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type IdentityRevealExternalPasswordApiResponse =
  /** status 200 Successful Response */ RevealResponse;
export type IdentityRevealExternalPasswordApiArg = {
  id: number;
};
export type IdentityGetFactorPolicyApiResponse =
  /** status 200 Successful Response */ FactorPolicyResponse;
export type IdentityGetFactorPolicyApiArg = void;
export type IdentitySetFactorPolicyApiResponse =
  /** status 200 Successful Response */ FactorPolicyResponse;
export type IdentitySetFactorPolicyApiArg = {
  factorPolicyUpdate: FactorPolicyUpdate;
};
export type IdentityInviteUserApiResponse =
  /** status 200 Successful Response */ Message;
export type IdentityInviteUserApiArg = {
  userId: UserId;
};
export type IdentityListSignInsApiResponse =
  /** status 200 Successful Response */ SignInList;
export type IdentityListSignInsApiArg = {
  userId?: number | null;
  /** YYYY-MM-DD, a whole America/Chicago day, included */
  from?: string | null;
  /** YYYY-MM-DD, a whole America/Chicago day, included */
  to?: string | null;
  skip?: number;
  limit?: number;
};
export type IdentitySetUserStatusApiResponse =
  /** status 200 Successful Response */ UserMessage;
export type IdentitySetUserStatusApiArg = {
  userStatus: UserStatus;
};
export type IdentityGetUserApiResponse =
  /** status 200 Successful Response */ UserData;
export type IdentityGetUserApiArg = {
  id: number;
};
export type ContactChangeSent = {
  expiresIn: number;
  field: "email" | "phoneNumber";
  sentTo: string;
};
export type ContactChangeSentResponse = {
  data: ContactChangeSent;
  message: string;
};
export type ErrorBody = {
  message: string;
  statusCode: number;
};
export type ContactChangeStart = {
  email?: string | null;
  password: string;
  phoneNumber?: string | null;
};
export type CimrManagerRead = {
  firstName: string;
  id: number;
  lastName: string;
  phoneNumber: string | null;
};
export type UserRead = {
  cid: string | null;
  cimrList: CimrManagerRead[];
  createdAt: string;
  email: string;
  firstName: string;
  id: number;
  invitationPending: boolean;
  isDeleted: boolean;
  langIds: number[];
  languages: string[];
  lastName: string;
  phoneNumber: string | null;
  role: number;
  updatedAt: string;
  vonageExt: string | null;
};
export type UserMessage = {
  data: UserRead;
  message: string;
};
export type ContactChangeConfirm = {
  code: string;
};
export type Message = {
  message: string;
};
export type PasswordForgot = {
  email: string;
};
export type PasswordReset = {
  email: string;
  isInvite?: boolean;
  password: string;
  token: string;
};
export type TokenOwner = {
  email: string;
  firstName: string;
  lastName: string;
};
export type TokenOwnerResponse = {
  data: TokenOwner;
};
export type PasswordTokenVerify = {
  isInvite?: boolean;
  token: string;
};
export type UserData = {
  data: UserRead;
};
export type ProfileUpdate = {
  email?: string | null;
  firstName: string;
  langIds?: number[] | null;
  lastName: string;
  phoneNumber?: string | null;
};
export type TotpStatus = {
  enabled: boolean;
  recoveryCodesLeft: number;
  required: boolean;
};
export type TotpStatusResponse = {
  data: TotpStatus;
  message?: string;
};
export type TotpEnrolment = {
  otpauthUri: string;
  qrCode: string;
  secret: string;
};
export type TotpEnrolmentResponse = {
  data: TotpEnrolment;
  message: string;
};
export type TotpEnrolmentStart = {
  password: string;
};
export type RecoveryCodes = {
  recoveryCodes: string[];
};
export type RecoveryCodesResponse = {
  data: RecoveryCodes;
  message: string;
};
export type TotpEnrolmentConfirm = {
  code: string;
};
export type TotpDisable = {
  code: string;
  password: string;
};
export type SignedIn = {
  accessToken: string;
  expiresIn: number;
  totpSetupRequired?: boolean;
  user: UserRead;
};
export type SignedInResponse = {
  data: SignedIn;
  message: string;
};
export type CimrContact = {
  firstName: string;
  id: number;
  lastName: string;
  phoneNumber: string | null;
};
export type PreAuthUser = {
  cimrList: CimrContact[];
  email: string;
  firstName: string;
  id: number;
  lastName: string;
  otpChannel: "sms" | "email";
  otpDestination: string | null;
  phoneNumber: string | null;
  role: number;
  totpEnabled: boolean;
  totpRequired: boolean;
};
export type PreAuthData = {
  user: PreAuthUser;
};
export type PreAuthResponse = {
  data: PreAuthData;
  message: string;
};
export type SignIn = {
  email: string;
  ipAddress?: string | null;
  isRemember?: boolean;
  password: string;
  userKey?: string | null;
};
export type OtpStatus = {
  id: number;
};
export type VerifyOtp = {
  email: string;
  id: number;
  otp: string;
};
export type OtpSent = {
  channel: "sms" | "email";
  expiresIn: number;
  sentTo: string;
};
export type OtpSentResponse = {
  data: OtpSent;
  message: string;
};
export type SendOtp = {
  cimrManagerId?: number | null;
  id: number;
  name?: string | null;
  phoneNumber?: string | null;
};
export type VerifyTotp = {
  code: string;
  email: string;
  id: number;
};
export type UserList = {
  count: number;
  rows: UserRead[];
};
export type Role = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
export type UserCreate = {
  cid?: string | null;
  cimrIds?: number[] | null;
  email: string;
  firstName: string;
  langIds?: number[] | null;
  lastName: string;
  phoneNumber?: string | null;
  role: Role;
  vonageExt?: string | null;
};
export type UserUpdate = {
  cid?: string | null;
  cimrIds?: number[] | null;
  email?: string | null;
  firstName?: string | null;
  id: number;
  langIds?: number[] | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  role?: Role | null;
  vonageExt?: string | null;
};
export type ExternalAttemptRead = {
  apwd: string;
  createdAt: string;
  email: string;
  id: number;
  ipAddress: string | null;
};
export type ExternalAttemptList = {
  count: number;
  rows: ExternalAttemptRead[];
};
export type RevealedPassword = {
  apwd: string;
};
export type RevealResponse = {
  data: RevealedPassword;
};
export type FactorPolicy = {
  role: number;
  totpRequired: boolean;
};
export type FactorPolicyResponse = {
  data: FactorPolicy[];
  message?: string;
};
export type FactorPolicyUpdate = {
  role: number;
  totpRequired: boolean;
};
export type UserId = {
  id: number;
};
export type SignInRead = {
  action: string;
  at: string;
  factor: string | null;
  id: number;
  ip: string | null;
  userId: number | null;
  userName: string;
  userRole: number | null;
};
export type SignInList = {
  count: number;
  rows: SignInRead[];
};
export type UserStatus = {
  id: number;
  status: "active" | "deactivated";
};
export const {
  useIdentityStartContactChangeMutation,
  useIdentityConfirmContactChangeMutation,
  useIdentityPasswordForgotMutation,
  useIdentityPasswordResetMutation,
  useIdentityPasswordTokenVerifyMutation,
  useIdentityGetProfileQuery,
  useLazyIdentityGetProfileQuery,
  useIdentityUpdateProfileMutation,
  useIdentityGetTotpStatusQuery,
  useLazyIdentityGetTotpStatusQuery,
  useIdentityStartTotpEnrolmentMutation,
  useIdentityConfirmTotpEnrolmentMutation,
  useIdentityDisableTotpMutation,
  useIdentitySignOutMutation,
  useIdentityRefreshSessionQuery,
  useLazyIdentityRefreshSessionQuery,
  useIdentitySignInMutation,
  useIdentityResetOtpStatusMutation,
  useIdentityVerifyOtpMutation,
  useIdentitySendOtpMutation,
  useIdentityVerifyTotpMutation,
  useIdentityDeleteUserMutation,
  useIdentityListUsersQuery,
  useLazyIdentityListUsersQuery,
  useIdentityCreateUserMutation,
  useIdentityUpdateUserMutation,
  useIdentityExportUsersQuery,
  useLazyIdentityExportUsersQuery,
  useIdentityListExternalAttemptsQuery,
  useLazyIdentityListExternalAttemptsQuery,
  useIdentityRevealExternalPasswordQuery,
  useLazyIdentityRevealExternalPasswordQuery,
  useIdentityGetFactorPolicyQuery,
  useLazyIdentityGetFactorPolicyQuery,
  useIdentitySetFactorPolicyMutation,
  useIdentityInviteUserMutation,
  useIdentityListSignInsQuery,
  useLazyIdentityListSignInsQuery,
  useIdentitySetUserStatusMutation,
  useIdentityGetUserQuery,
  useLazyIdentityGetUserQuery,
} = injectedRtkApi;
