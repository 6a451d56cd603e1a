// How long the access token has left, read from its own `exp` claim (no signature check: the server does that).
// The shell uses it after a reload, when the token in storage may be up to one refresh interval old.

/** Seconds until the JWT's `exp` by this browser's clock; null when the token is not a readable JWT. */
export function tokenSecondsLeft(token: string | null | undefined, nowMs = Date.now()): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof exp === 'number' ? exp - nowMs / 1000 : null;
  } catch {
    return null;
  }
}
