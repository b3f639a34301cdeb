import { recordCompletion } from '@modules/catalogue/index.server';
import { apiAssessmentCompletedSchema } from '@modules/catalogue/schemas';
import { apiRoute } from '~/utils/api.server';
import { getDb } from '@modules/shared/index.server';

/** POST /api/assessment/userCompletedAssessment {assessmentId}: records completion (the first time is kept). */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: apiAssessmentCompletedSchema,
  handler: async ({ body, auth }) => ({
    assessmentId: body.assessmentId,
    completedAt: await recordCompletion(getDb(), auth.user.userId, 'assessment', body.assessmentId),
  }),
});
