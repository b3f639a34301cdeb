import { DomainError, getDb } from '@modules/shared/index.server';
import { getSkillWithContent } from '@modules/catalogue/index.server';
import { apiSkillSchema } from '@modules/catalogue/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/skill/getSkillWithContent {skillId: id or urlId}: the skill; a locked one has isLocked true and no content. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: apiSkillSchema,
  handler: async ({ body }) => {
    const skill = await getSkillWithContent(getDb(), body.skillId);
    if (!skill) throw new DomainError('not_found', 'No skill content to display.');
    return skill;
  },
});
