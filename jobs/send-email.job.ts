import { z } from 'zod';
import { deliverCommunication, getDb, type JobDefinition } from '@modules/shared/index.server';

const schema = z.object({ communicationId: z.number().int().positive() });

/** Delivers one recorded communication (SMTP or log). Idempotent: see deliverCommunication. */
export const sendEmailJob: JobDefinition<typeof schema> = {
  name: 'send-email',
  schema,
  process: async ({ communicationId }) => {
    await deliverCommunication(getDb(), communicationId);
  },
};
