export * from './lib/use-otp-countdown';
export * from './lib/use-idle-timer';
export * from './lib/logout';
export * from './lib/idle-profile';
export * from './lib/token-expiry';
