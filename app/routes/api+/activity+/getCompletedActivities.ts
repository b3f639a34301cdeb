import { z } from 'zod';
import { listMyActivities } from '@modules/activities/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/activity/getCompletedActivities (no payload): the caller's completed my activities, newest completion first. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: z.object({}),
  handler: ({ auth }) => listMyActivities(getDb(), auth.user.userId, { completed: true }),
});
