import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter, Link, Route, Routes, useNavigate } from 'react-router-dom';
import { vi } from 'vitest';
import type { VisitCallData } from '@frontend/shared-api';
import { CallScreen } from './call-screen';

// The screen's calls are replaced: each test decides what the project's languages answer.
const calls = vi.hoisted(() => ({
  claim: vi.fn(),
  release: vi.fn(),
  languages: vi.fn(),
}));

vi.mock('@frontend/shared-api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@frontend/shared-api')>();
  const idle = () => [vi.fn(), { isLoading: false }];
  return {
    ...actual,
    useAppSelector: (select: (s: unknown) => unknown) => select({ auth: { user: { id: 7 } } }),
    useProjectsGetProjectQuery: () => ({ data: { id: 5, name: 'Demo Project', isLocked: false } }),
    useProjectsListLanguagesQuery: (arg: unknown) => calls.languages(arg),
    useCallingClaimNextCallMutation: () => [calls.claim, { isLoading: false }],
    useCallingReleaseCallLockMutation: () => [calls.release, { isLoading: false }],
    useCallingSaveCallResultMutation: idle,
    useSurveysSaveCallSurveyMutation: idle,
  };
});

const CALL: VisitCallData = {
  age: 40, assignedGoals: { surveyorGoals: 5, surveyorCompGoals: 20 } as VisitCallData['assignedGoals'], callId: 31,
  callStart: '2024-05-01T14:00:00Z', center: null, chpw: null, department: null, dos: null, ethnicity: null, gender: null,
  guarantor: null, languageId: 1, lockExpiresAt: '2024-05-01T14:30:00Z', payerType: null, phoneCell: null, phoneHome: null,
  projectId: 5, provider: null, providerType: null, race: null, typeId: null, visitId: 11, visitorId: 'V-1', visitorName: 'Pat',
};

/** The shell's top bar, reduced to its programmatic My Profile navigation, and a menu link. */
function TopBar() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate('/my-profile')}>My Profile</button>
      <Link to="/surveyor/call-log">Call Log</Link>
      <Link to="/surveyor/project-call/5">Call project 5</Link>
    </>
  );
}

async function openCall(call: Partial<VisitCallData> = {}, { from }: { from?: string } = {}) {
  if (from) window.history.pushState(null, '', from);
  calls.claim.mockReturnValue({ unwrap: () => Promise.resolve({ data: { ...CALL, ...call } }) });
  render(
    <BrowserRouter>
      <TopBar />
      <Routes>
        <Route path="/surveyor/project-call/:id" element={<CallScreen />} />
        <Route path="/my-profile" element={<p>Profile page</p>} />
        <Route path="/surveyor/call-log" element={<p>Call log page</p>} />
      </Routes>
    </BrowserRouter>,
  );
  if (from) fireEvent.click(screen.getByRole('link', { name: 'Call project 5' })); // a router entry to go back from
  fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
  await screen.findByTestId('visit-call-data');
}

beforeEach(() => {
  window.history.pushState(null, '', '/surveyor/project-call/5');
  calls.claim.mockReset();
  calls.release.mockReset().mockReturnValue({ unwrap: () => Promise.resolve({ message: 'released' }) });
  calls.languages.mockReset().mockReturnValue({ data: { rows: [{ id: 1, name: 'English' }], count: 1 }, isError: false });
});

describe('leaving an open call (spec survey-work §4)', () => {
  it('asks before a programmatic navigation; Stay keeps the call and its lock', async () => {
    await openCall();
    fireEvent.click(screen.getByRole('button', { name: 'My Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this call?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/surveyor/project-call/5');
    expect(screen.getByTestId('visit-call-data')).toBeTruthy();
    expect(calls.release).not.toHaveBeenCalled();
  });

  it('on Leave releases the lock, then goes where the navigation was going', async () => {
    await openCall();
    fireEvent.click(screen.getByRole('button', { name: 'My Profile' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await screen.findByText('Profile page');
    expect(window.location.pathname).toBe('/my-profile');
    expect(calls.release).toHaveBeenCalledWith({ callLockRelease: { callId: 31, projectId: 5, result: null } });
  });

  it('asks before a router link too', async () => {
    await openCall();
    fireEvent.click(screen.getByRole('link', { name: 'Call Log' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await screen.findByText('Call log page');
    expect(calls.release).toHaveBeenCalledTimes(1);
  });

  it('holds the browser Back button until confirmed, then releases the lock and goes back', async () => {
    await openCall({}, { from: '/my-profile' });
    act(() => window.history.back());
    const dialog = await screen.findByRole('dialog', { name: 'Leave this call?' });
    await waitFor(() => expect(window.location.pathname).toBe('/surveyor/project-call/5'));
    expect(screen.getByTestId('visit-call-data')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await screen.findByText('Profile page');
    expect(window.location.pathname).toBe('/my-profile');
    expect(calls.release).toHaveBeenCalledTimes(1);
  });
});

describe('language select (platform.md §7: GET language by projectId)', () => {
  const options = () => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    return within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
  };

  it("offers the project's languages", async () => {
    calls.languages.mockReturnValue({ data: { rows: [{ id: 1, name: 'English' }, { id: 2, name: 'Spanish' }], count: 2 }, isError: false });
    await openCall();
    expect(calls.languages).toHaveBeenCalledWith({ projectId: 5, paginated: false });
    expect(options()).toEqual(['English', 'Spanish']);
  });

  it("keeps the patient's roster language listed when the project lacks it", async () => {
    calls.languages.mockReturnValue({ data: { rows: [{ id: 1, name: 'English' }, { id: 2, name: 'Spanish' }], count: 2 }, isError: false });
    await openCall({ languageId: 4 });
    expect(options()).toEqual(['English', 'Spanish', 'Arabic']);
  });

  it('falls back to every language when they cannot be loaded', async () => {
    calls.languages.mockReturnValue({ data: undefined, isError: true });
    await openCall();
    expect(options()).toHaveLength(12);
  });
});
