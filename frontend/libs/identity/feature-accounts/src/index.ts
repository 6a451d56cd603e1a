export * from './lib/accounts-page';
export * from './lib/account-form-dialog';
export * from './lib/account-view-dialog';
export * from './lib/my-profile-page';
