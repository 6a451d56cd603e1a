// zod schemas of the client and project forms (spec §5: Client, Project).
import { z } from 'zod';
import { contactPhone } from '@frontend/shared-phone';
import { emailField, minText, requiredText } from '@frontend/shared-forms';

export const contactSchema = z.object({
  id: z.number().nullable().optional(),
  typeId: z.number().int().min(0).max(4),
  firstName: minText(2),
  lastName: minText(2),
  jobTitle: z.string().trim().max(120).optional().nullable(),
  email: emailField,
  phoneNumber: contactPhone,
  phoneExtension: z.string().trim().max(20).optional().nullable(),
});
export type ContactForm = z.infer<typeof contactSchema>;

export const clientSchema = z.object({
  name: requiredText,
  abbr: requiredText,
  stateId: z.number({ error: 'Required' }).int().min(1, 'Required'),
  countryId: z.number().int().nullable().optional(),
  contacts: z.array(contactSchema).min(1, 'Add at least 1 contact'),
});
export type ClientForm = z.infer<typeof clientSchema>;

const money = z.string().trim().min(1, 'Required').regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount like 12.50');
const optMoney = z.string().trim().regex(/^(\d+(\.\d{1,2})?)?$/, 'Enter an amount like 12.50').optional();
export const modifierSchema = z.object({ modifierId: z.number().nullable().optional(), typeId: z.number(), details: z.string().trim().max(300), rate: money });
export const lineItemSchema = z.object({ name: requiredText, price: money });

export const projectSchema = z.object({
  name: requiredText,
  typeId: z.number({ error: 'Required' }).int().min(1, 'Required'),
  statusId: z.number({ error: 'Required' }).int().min(1, 'Required'),
  managerId: z.number({ error: 'Required' }).int().min(1, 'Required'),
  reportFreqId: z.number({ error: 'Required' }).int().min(1, 'Required'),
  startDate: z.string({ error: 'Required' }).min(1, 'Required'),
  deadline: z.string().nullable().optional(),
  contractDate: z.string().nullable().optional(),
  reportWeeks: z.number().int().min(0).max(99).nullable().optional(),
  isBenchmarked: z.boolean(),
  collabGrp: z.string().nullable().optional(),
  clientBuzAdd: z.string().trim().max(300).optional().nullable(),
  timezone: z.string().nullable().optional(),
  approvalStatus: z.string().nullable().optional(),
  associateAgreement: z.boolean(),
  sampling: z.array(z.string()),
  notes: z.string().max(10000).optional().nullable(),
  langIds: z.array(z.number()),
  contacts: z.array(contactSchema.omit({ id: true, phoneExtension: true })),
  billableRate: money,
  paymentRate: money,
  billingModifier: z.array(modifierSchema),
  paymentModifier: z.array(modifierSchema),
  perReportingPeriodFee: optMoney,
  powerBiFee: optMoney,
  pmFee: optMoney,
  lineItems: z.array(lineItemSchema),
}).refine((v) => !v.deadline || !v.startDate || v.deadline >= v.startDate, {
  path: ['deadline'], message: 'Deadline must not be before the Start Date',
  // checked even while other fields are still invalid, so the first step's Next shows it at once
  when: ({ value }) => {
    const v = value as { startDate?: unknown; deadline?: unknown };
    return typeof v.startDate === 'string' && typeof v.deadline === 'string';
  },
});
export type ProjectForm = z.infer<typeof projectSchema>;
