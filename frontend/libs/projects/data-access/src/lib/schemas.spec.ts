import { projectSchema, type ProjectForm } from './schemas';

const valid: ProjectForm = {
  name: 'Heart Clinic', typeId: 1, statusId: 1, managerId: 7, reportFreqId: 3, startDate: '2026-06-01', deadline: null,
  contractDate: null, reportWeeks: null, isBenchmarked: false, collabGrp: null, clientBuzAdd: '', timezone: 'America/Chicago',
  approvalStatus: null, associateAgreement: false, sampling: [], notes: '', langIds: [1], contacts: [],
  billableRate: '12.50', paymentRate: '4.00', billingModifier: [], paymentModifier: [], perReportingPeriodFee: '',
  powerBiFee: '', pmFee: '', lineItems: [],
};
const deadlineIssues = (over: Partial<ProjectForm>) =>
  (projectSchema.safeParse({ ...valid, ...over }).error?.issues ?? []).filter((i) => i.path.join('.') === 'deadline').map((i) => i.message);

describe('projectSchema dates (the projects service refuses a deadline before the start)', () => {
  it('refuses a deadline before the start date, on the Deadline field', () => {
    expect(deadlineIssues({ deadline: '2026-01-01' })).toEqual(['Deadline must not be before the Start Date']);
  });

  it('says so even while another field is still missing (a picker left empty is undefined, not 0)', () => {
    expect(deadlineIssues({ deadline: '2026-01-01', name: '', managerId: undefined as unknown as number }))
      .toEqual(['Deadline must not be before the Start Date']);
  });

  it('takes the same day, a later day, or no deadline', () => {
    expect(deadlineIssues({ deadline: '2026-06-01' })).toEqual([]);
    expect(deadlineIssues({ deadline: '2026-09-01' })).toEqual([]);
    expect(deadlineIssues({ deadline: null })).toEqual([]);
    expect(projectSchema.safeParse({ ...valid, deadline: '2026-09-01' }).success).toBe(true);
  });
});
