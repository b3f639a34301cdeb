import { z } from 'zod';
import { defineJob, deliverCommunication, getDb, idNumber } from '@modules/shared/index.server';
// The modules whose emails carry one-time links register their link minters when loaded (decision 112):
// delivery must have them wherever this job runs.
import '@modules/identity/index.server';
import '@modules/admin/index.server';

const schema = z.object({ communicationId: idNumber });

declare module '@modules/shared/queue.server' {
  interface JobPayloads {
    'send-email': z.input<typeof schema>;
  }
}

/** Delivers one recorded communication (SMTP or log). Idempotent: see deliverCommunication. */
export const sendEmailJob = defineJob({
  name: 'send-email',
  queue: 'email',
  schema,
  process: async ({ communicationId }) => {
    await deliverCommunication(getDb(), communicationId);
  },
});
