import { act, renderHook } from '@testing-library/react';
import { vi } from 'vitest';
import { Role } from '@frontend/shared-util';
import { idleProfile } from './idle-profile';
import { useIdleTimer } from './use-idle-timer';
import { useOtpCountdown } from './use-otp-countdown';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());
const tick = (s: number) => act(() => { vi.advanceTimersByTime(s * 1000); });

describe('useOtpCountdown', () => {
  it('starts at 4:59, offers Resend under 4:00, resets to 5:00, and expires at zero', () => {
    const onExpired = vi.fn();
    const { result } = renderHook(() => useOtpCountdown(true, onExpired));
    expect(result.current.remaining).toBe(299);
    expect(result.current.canResend).toBe(false);
    tick(59);
    expect(result.current.remaining).toBe(240);
    expect(result.current.canResend).toBe(false);
    tick(1);
    expect(result.current.canResend).toBe(true);
    act(() => result.current.restart());
    expect(result.current.remaining).toBe(300);
    expect(result.current.canResend).toBe(false);
    tick(299);
    expect(onExpired).not.toHaveBeenCalled();
    tick(1);
    expect(result.current.remaining).toBe(0);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('keeps to the clock when ticks are skipped (a laptop asleep for two minutes)', () => {
    const onExpired = vi.fn();
    const { result } = renderHook(() => useOtpCountdown(true, onExpired));
    tick(10);
    expect(result.current.remaining).toBe(289);
    vi.setSystemTime(Date.now() + 120_000); // the clock moves on, no timer fires
    tick(1);
    expect(result.current.remaining).toBe(168);
    expect(result.current.canResend).toBe(true);
    vi.setSystemTime(Date.now() + 600_000);
    tick(1);
    expect(result.current.remaining).toBe(0);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('does not run while closed', () => {
    const onExpired = vi.fn();
    const { result } = renderHook(() => useOtpCountdown(false, onExpired));
    tick(400);
    expect(result.current.remaining).toBe(299);
    expect(onExpired).not.toHaveBeenCalled();
  });
});

describe('useIdleTimer', () => {
  it('warns at 60 s left, resets on activity before the warning, and times out at zero (600 s)', () => {
    const onTimeout = vi.fn();
    const { result } = renderHook(() => useIdleTimer({ ...idleProfile(Role.Admin, '/admin/account-management'), enabled: true, onTimeout }));
    expect(result.current.remaining).toBe(600);
    tick(500);
    expect(result.current.warning).toBe(false);
    act(() => { window.dispatchEvent(new Event('mousemove')); });
    tick(539);
    expect(result.current.warning).toBe(false);
    tick(1);
    expect(result.current.remaining).toBe(60);
    expect(result.current.warning).toBe(true);
    // Activity during the warning is not consent: only the dialog's button (reset) keeps the session.
    act(() => { window.dispatchEvent(new Event('keydown')); });
    tick(30);
    expect(result.current.warning).toBe(true);
    act(() => result.current.reset());
    expect(result.current.warning).toBe(false);
    tick(600);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('uses the survey-page profile (90 s, warning at 30)', () => {
    const onTimeout = vi.fn();
    const { result } = renderHook(() => useIdleTimer({ ...idleProfile(Role.Surveyor, '/surveyor/survey-call/5'), enabled: true, onTimeout }));
    expect(result.current.remaining).toBe(90);
    tick(59);
    expect(result.current.warning).toBe(false);
    tick(1);
    expect(result.current.warning).toBe(true);
    tick(30);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('gives a CIMR Surveyor 1800 s before logging out', () => {
    const onTimeout = vi.fn();
    const { result } = renderHook(() => useIdleTimer({ ...idleProfile(Role.CimrSurveyor, '/ccs/my-projects'), enabled: true, onTimeout }));
    tick(1739);
    expect(result.current.warning).toBe(false);
    tick(1);
    expect(result.current.warning).toBe(true);
    tick(59);
    expect(onTimeout).not.toHaveBeenCalled();
    tick(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('tells the seconds since the last input, counting input during the warning too', () => {
    const { result } = renderHook(() => useIdleTimer({ wait: 600, warnAt: 60, enabled: true, onTimeout: vi.fn() }));
    tick(42);
    expect(result.current.idleSeconds()).toBe(42);
    act(() => { window.dispatchEvent(new Event('keydown')); });
    expect(result.current.idleSeconds()).toBe(0);
    tick(545);
    expect(result.current.warning).toBe(true);
    act(() => { window.dispatchEvent(new Event('mousemove')); });
    expect(result.current.idleSeconds()).toBe(0);
    expect(result.current.warning).toBe(true);
  });

  // One session, several tabs: input in another tab is the user's activity too, else an idle tab signs out (for
  // every tab) a user at work in another one, or logs out after "Yes, Please" was answered in another tab.
  it('counts activity reported by another tab of the app, and tells the other tabs of its own', () => {
    localStorage.clear();
    const onTimeout = vi.fn();
    const { result } = renderHook(() => useIdleTimer({ wait: 600, warnAt: 60, enabled: true, onTimeout }));
    tick(300);
    act(() => { window.dispatchEvent(new Event('mousemove')); });
    expect(Number(localStorage.getItem('surveyops.activity'))).toBe(Date.now());
    tick(545);
    expect(result.current.warning).toBe(true);
    // another tab writes the key: this tab gets a storage event
    act(() => { window.dispatchEvent(new StorageEvent('storage', { key: 'surveyops.activity', newValue: String(Date.now() - 2000) })); });
    expect(result.current.warning).toBe(false);
    expect(result.current.remaining).toBe(598);
    expect(result.current.idleSeconds()).toBe(2);
    // an older or unrelated value changes nothing
    act(() => { window.dispatchEvent(new StorageEvent('storage', { key: 'surveyops.activity', newValue: String(Date.now() - 400_000) })); });
    act(() => { window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: String(Date.now()) })); });
    expect(result.current.remaining).toBe(598);
    tick(598);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });
});
