// Cache tags for the log side of calling: lists provide LIST plus one tag per row; changes invalidate them.
// enhanceEndpoints changes the shared api in place, so the generated hooks of @frontend/shared-api carry them
// once this module is loaded (the feature libraries import it).
import { callingApi } from '@frontend/shared-api';

type Rows = { rows?: { id: number }[] } | undefined;
const listTags = <T extends string>(type: T) => (result: unknown) => [
  { type, id: 'LIST' as const },
  ...((result as Rows)?.rows ?? []).map((r) => ({ type, id: r.id })),
];

callingApi.enhanceEndpoints({
  addTagTypes: ['CallLog', 'Escalation'],
  endpoints: {
    callingListCallLog: { providesTags: listTags('CallLog') },
    callingGetCallLog: { providesTags: (_r, _e, arg) => [{ type: 'CallLog', id: arg.callId }] },
    callingUpdateCallLog: {
      invalidatesTags: (_r, _e, arg) => [{ type: 'CallLog', id: arg.callLogUpdate.id }, { type: 'CallLog', id: 'LIST' }],
    },
    callingListEscalations: { providesTags: listTags('Escalation') },
    callingGetEscalation: { providesTags: (_r, _e, arg) => [{ type: 'Escalation', id: arg.escalationId }] },
    callingUpdateEscalation: {
      invalidatesTags: (_r, _e, arg) => [
        { type: 'Escalation', id: arg.escalationUpdate.id }, { type: 'Escalation', id: 'LIST' }, { type: 'CallLog', id: 'LIST' },
      ],
    },
  },
});

export const CALL_LOG_TAGS = ['CallLog', 'Escalation'] as const;
