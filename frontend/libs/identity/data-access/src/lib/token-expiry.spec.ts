import { tokenSecondsLeft } from './token-expiry';

/** An unsigned JWT-shaped token (base64url, no padding) with these claims. */
const fakeJwt = (claims: Record<string, unknown>) =>
  `eyJhbGciOiJFUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

describe('tokenSecondsLeft', () => {
  it('reads the exp claim against the clock', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(tokenSecondsLeft(fakeJwt({ sub: '1', exp: now / 1000 + 250 }), now)).toBe(250);
    expect(tokenSecondsLeft(fakeJwt({ sub: '1', name: 'Zoë ~?>', exp: now / 1000 - 5 }), now)).toBe(-5);
  });
  it('gives null for what is no readable JWT', () => {
    for (const t of [null, undefined, '', 't1', 'a.%%%.c', fakeJwt({ sub: '1' })]) expect(tokenSecondsLeft(t)).toBeNull();
  });
});
