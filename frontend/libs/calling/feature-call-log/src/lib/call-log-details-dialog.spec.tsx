import { fireEvent, render, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import type { CallLogDetail } from '@frontend/shared-api';
import { CallLogDetailsDialog } from './call-log-details-dialog';

const api = vi.hoisted(() => ({ getCallLog: vi.fn(), update: vi.fn() }));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useCallingGetCallLogQuery: api.getCallLog,
  useCallingUpdateCallLogMutation: () => [api.update, { isLoading: false }],
}));

const CALL: CallLogDetail = {
  id: 41, callId: 41, projectId: 7, visitId: 900, visitorId: 'P900', result: 1, resultName: 'Survey Complete',
  isPartial: false, isAgreeComplete: true, isQARemoval: false, status: 'completed', surveyLanguageId: 1,
  surveyLanguage: { id: 1, name: 'English' }, languageId: 1, language: 'English', callStart: '2026-03-04T15:00:00Z',
  surveyedOn: '2026-03-04T15:10:00Z', surveyCompletedOn: '2026-03-04T15:10:00Z', patientFirstName: 'Pat',
  patientLastName: 'Ient', patientFullName: 'Pat Ient', phoneCell: '5550100001', phoneHome: null, dos: '2026-01-05',
  dob: '1960-02-03', age: 66, gender: 'F', providerName: 'Dr. Who', providerType: 'MD', siteName: 'North',
  departmentName: 'Cardio', guarantor: 'Self', chpw: 'N', typeId: 2, payerType: 'Medicare', ethnicity: 'X', race: 'Y',
  mrn: 'M900', attempts: 1, positive: null, negative: null, escalation: null, user: { id: 21, firstName: 'Sam', lastName: 'Surveyor' },
  project: { id: 7, name: 'Riverside' }, survey: [], visitPurpose: 'New',
  visitInfo: [{ field: 'Reason', value: 'Checkup', show: true }, { field: 'Room', value: '12', show: false },
    { field: 'Age', value: 66, show: true }, { field: 'DOS', value: '2026-01-05', show: true }],
};

const open = (call: CallLogDetail) => {
  api.getCallLog.mockReturnValue({ data: { message: '', data: call }, isFetching: false, isError: false });
  render(<CallLogDetailsDialog callId={call.callId} quality={false} onClose={() => undefined} />);
};

describe('QA Removal (Quality)', () => {
  it('says what it does: the call stays in client reports, flagged', () => {
    api.getCallLog.mockReturnValue({ data: { message: '', data: CALL }, isFetching: false, isError: false });
    render(<CallLogDetailsDialog callId={41} quality onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'QA Removal' }));
    expect(screen.getByText('Mark call 41 as a QA removal? Client reports show it with QA Removal = Yes.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes, Mark' })).toBeTruthy();
  });
});

describe('Comment edits (Quality)', () => {
  const openQuality = (call: CallLogDetail) => {
    api.getCallLog.mockReturnValue({ data: { message: '', data: call }, isFetching: false, isError: false });
    api.update.mockReset();
    api.update.mockReturnValue({ unwrap: () => Promise.resolve({ message: 'Call log updated', data: call }) });
    render(<CallLogDetailsDialog callId={call.callId} quality onClose={() => undefined} />);
  };

  it('edits the Positive and Negative comments and sends only what changed (PUT calls-log)', async () => {
    openQuality({ ...CALL, positive: 'Nurse Kim was lovely', negative: 'Long wait' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Comments' }));
    const save = screen.getByRole('button', { name: 'Save Comments' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true); // nothing changed yet
    fireEvent.change(screen.getByLabelText('Positive comment'), { target: { value: 'The nurse was lovely' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    // with the comment as the dialog showed it: another user's save since then is refused, not overwritten
    expect(api.update).toHaveBeenCalledWith({ callLogUpdate: { id: 41, positive: 'The nurse was lovely', expected: { positive: 'Nurse Kim was lovely' } } });
    await screen.findByRole('button', { name: 'Edit Comments' }); // back to reading once saved
  });

  it('clears a comment emptied by Quality (null) and refuses one longer than the server keeps', () => {
    openQuality({ ...CALL, positive: 'x', negative: 'Long wait' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Comments' }));
    fireEvent.change(screen.getByLabelText('Negative comment'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Comments' }));
    expect(api.update).toHaveBeenCalledWith({ callLogUpdate: { id: 41, negative: null, expected: { negative: 'Long wait' } } });
    fireEvent.change(screen.getByLabelText('Positive comment'), { target: { value: 'y'.repeat(5001) } });
    expect((screen.getByRole('button', { name: 'Save Comments' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('after another user saved the comment meanwhile (409): keeps what was typed, shows the saved comment, and a second save replaces it knowingly', async () => {
    const read = { ...CALL, positive: 'Fine', negative: 'Long wait' };
    const savedByOther = { ...read, negative: 'The wait was long' };
    const refetch = vi.fn().mockResolvedValue({ data: { message: '', data: savedByOther } });
    api.getCallLog.mockReturnValue({ data: { message: '', data: read }, isFetching: false, isError: false, refetch });
    api.update.mockReset();
    api.update.mockReturnValueOnce({ unwrap: () => Promise.reject({ status: 409, message: 'Another user changed the Negative comment ...' }) });
    render(<CallLogDetailsDialog callId={41} quality onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Comments' }));
    fireEvent.change(screen.getByLabelText('Negative comment'), { target: { value: 'Waited an hour' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Comments' }));
    expect(api.update).toHaveBeenLastCalledWith({ callLogUpdate: { id: 41, negative: 'Waited an hour', expected: { negative: 'Long wait' } } });
    expect(await screen.findByText('Saved by another user meanwhile: "The wait was long". Save again to replace it with yours.')).toBeTruthy();
    expect(refetch).toHaveBeenCalled();
    expect((screen.getByLabelText('Negative comment') as HTMLTextAreaElement).value).toBe('Waited an hour'); // kept
    // the user has seen the saved comment: saving again sends it as what was read
    api.update.mockReturnValueOnce({ unwrap: () => Promise.resolve({ message: 'Call log updated', data: { ...read, negative: 'Waited an hour' } }) });
    fireEvent.click(screen.getByRole('button', { name: 'Save Comments' }));
    expect(api.update).toHaveBeenLastCalledWith({ callLogUpdate: { id: 41, negative: 'Waited an hour', expected: { negative: 'The wait was long' } } });
    await screen.findByRole('button', { name: 'Edit Comments' });
  });

  it('sends the QA removal state it showed, and reads the call again when another user changed it (409)', async () => {
    const refetch = vi.fn().mockResolvedValue({ data: { message: '', data: { ...CALL, isQARemoval: true } } });
    api.getCallLog.mockReturnValue({ data: { message: '', data: CALL }, isFetching: false, isError: false, refetch });
    api.update.mockReset();
    api.update.mockReturnValueOnce({ unwrap: () => Promise.reject({ status: 409, message: 'Another user changed the QA removal ...' }) });
    render(<CallLogDetailsDialog callId={41} quality onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'QA Removal' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Mark' }));
    expect(api.update).toHaveBeenCalledWith({ callLogUpdate: { id: 41, isQARemoval: true, expected: { isQARemoval: false } } });
    await vi.waitFor(() => expect(refetch).toHaveBeenCalled());
  });

  it('is not offered to other roles', () => {
    open({ ...CALL, positive: 'Fine' });
    expect(screen.queryByRole('button', { name: 'Edit Comments' })).toBeNull();
  });
});

describe('Call Log Details', () => {
  it('lets the keyboard reach its scrolling content: a focusable region named by the title', () => {
    open(CALL);
    const content = screen.getByRole('region', { name: 'Call Log Details' });
    expect(content.getAttribute('tabindex')).toBe('0');
    expect(within(content).getByRole('region', { name: 'Patient' })).toBeTruthy();
  });

  it("lists the project's shown visit-info fields with their values, and keeps the patient details", () => {
    open(CALL);
    expect(api.getCallLog).toHaveBeenCalledWith({ callId: 41 }, { skip: false });
    const visit = screen.getByRole('region', { name: 'Visit Info' });
    expect(within(visit).getByText('Reason').nextSibling?.textContent).toBe('Checkup');
    expect(within(visit).getByText('Age').nextSibling?.textContent).toBe('66');
    expect(within(visit).getByText('DOS').nextSibling?.textContent).toBe('01/05/26'); // dates as the others: MM/DD/YY
    expect(within(visit).queryByText('Room')).toBeNull(); // not shown by the project
    expect(within(visit).queryByText('Payer Type')).toBeNull(); // no fixed list any more
    const patient = screen.getByRole('region', { name: 'Patient' });
    expect(within(patient).getByText('Pat Ient')).toBeTruthy();
    expect(within(patient).getByText('M900')).toBeTruthy();
    expect(screen.queryByText('Callback')).toBeNull(); // no appointment taken
  });

  it('shows the phones among the visit info as phone numbers (platform: (###) ###-####), as the Patient details do', () => {
    open({ ...CALL, visitInfo: [{ field: 'Cell Phone', value: '6783815337', show: true }, { field: 'Home Phone', value: '7735550101', show: true }] });
    const visit = screen.getByRole('region', { name: 'Visit Info' });
    expect(within(visit).getByText('Cell Phone').nextSibling?.textContent).toBe('(678) 381-5337');
    expect(within(visit).getByText('Home Phone').nextSibling?.textContent).toBe('(773) 555-0101');
  });

  it('lets an Arabic answer and comment read right to left inside the English page (isolated, direction of their own)', () => {
    const well = 'الطاقم كان لطيفاً!';
    open({ ...CALL, surveyLanguageId: 4, surveyLanguage: { id: 4, name: 'Arabic' }, positive: 'شكراً جزيلاً!',
      survey: [{ quesId: 6, sequence: 6, question: 'What did we do well', ansId: null, answer: null, openEnded: well },
        { quesId: 2, sequence: 2, question: 'Overall care rating', ansId: 7, answer: 'Excellent', openEnded: null }] });
    const answers = screen.getByRole('region', { name: 'Survey Answers' });
    expect(within(answers).getByText(well).tagName).toBe('BDI');
    expect(within(answers).getAllByText(/:$/).map((b) => b.textContent)).toEqual(['Overall care rating:', 'What did we do well:']);
    const comments = screen.getByRole('region', { name: 'Comments' });
    expect(within(comments).getByText('شكراً جزيلاً!').getAttribute('dir')).toBe('auto');
  });

  it("shows comment cleaning's versions of the comments under Positive and Negative, only when present", () => {
    open({ ...CALL, positive: 'Nurse Kim was lovely', negative: 'Dr Roe kept us waiting',
      positiveWNSM: 'Nurse Kim was lovely!', positiveWoNSM: 'The nurse was lovely!', negativeWNSM: null,
      negativeWoNSM: 'The doctor kept us waiting' });
    const comments = screen.getByRole('region', { name: 'Comments' });
    const value = (label: string) => within(comments).getByText(label).nextSibling?.textContent;
    expect(value('Positive')).toBe('Nurse Kim was lovely');
    expect(value('Positive (cleaned, with staff names)')).toBe('Nurse Kim was lovely!');
    expect(value('Positive (cleaned, without staff names)')).toBe('The nurse was lovely!');
    expect(value('Negative')).toBe('Dr Roe kept us waiting');
    expect(value('Negative (cleaned, without staff names)')).toBe('The doctor kept us waiting');
    expect(within(comments).queryByText('Negative (cleaned, with staff names)')).toBeNull();
  });

  it('shows no cleaned versions while the comments are not cleaned', () => {
    open({ ...CALL, positive: 'Fine', positiveWNSM: null, positiveWoNSM: null });
    const comments = screen.getByRole('region', { name: 'Comments' });
    expect(within(comments).getByText('Positive').nextSibling?.textContent).toBe('Fine');
    expect(within(comments).queryByText(/cleaned/)).toBeNull();
  });

  it('shows a scheduled callback in Central time', () => {
    open({ ...CALL, result: 6, resultName: 'Scheduled Another Time to Contact', callbackAt: '2026-03-05T20:30:00Z' });
    expect(screen.getByText('Callback').nextSibling?.textContent).toBe('03/05/2026 02:30:00 PM CST');
  });

  it('says so when the visit has no visit info to show', () => {
    open({ ...CALL, visitInfo: [] });
    expect(within(screen.getByRole('region', { name: 'Visit Info' })).getByText('No visit info.')).toBeTruthy();
  });
});
