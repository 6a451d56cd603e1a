import { USER_KEY_STORAGE } from './constants';

/** The device id sent with each sign-in; it survives logout on purpose (the server recognises the device). */
export function getUserKey(): string {
  let key = localStorage.getItem(USER_KEY_STORAGE);
  if (!key) {
    key = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
    localStorage.setItem(USER_KEY_STORAGE, key);
  }
  return key;
}

/** Logout: wipe everything the browser holds for us except the device id. */
export function clearStoredData(): void {
  const key = localStorage.getItem(USER_KEY_STORAGE);
  localStorage.clear();
  sessionStorage.clear();
  if (key) localStorage.setItem(USER_KEY_STORAGE, key);
}

/** The `reme` cookie (base64 of the email) set by the server when "remember this account" was ticked. The server
 * sends a value holding "=" or "/" in double quotes (RFC 6265 quoted cookie-value), and the browser keeps them. */
export function rememberedEmail(): string {
  const m = document.cookie.match(/(?:^|;\s*)reme=([^;]+)/);
  if (!m) return '';
  try {
    return atob(decodeURIComponent(m[1].trim().replace(/^"(.*)"$/, '$1')));
  } catch {
    return '';
  }
}
