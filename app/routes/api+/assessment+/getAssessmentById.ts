import { DomainError, getDb } from '@modules/shared/index.server';
import { getAssessment } from '@modules/catalogue/index.server';
import { apiAssessmentSchema } from '@modules/catalogue/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/assessment/getAssessmentById {assessmentId: id or urlId}: the survey with questions, options and rules. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: apiAssessmentSchema,
  handler: async ({ body }) => {
    const assessment = await getAssessment(getDb(), body.assessmentId);
    if (!assessment) throw new DomainError('not_found', 'No assessment to display.');
    return assessment;
  },
});
