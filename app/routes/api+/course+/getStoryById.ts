import { DomainError, getDb } from '@modules/shared/index.server';
import { getStory } from '@modules/catalogue/index.server';
import { apiStorySchema } from '@modules/catalogue/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/course/getStoryById {storyId: id or urlId}: the story; a locked one lists chapters without content. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: apiStorySchema,
  handler: async ({ body }) => {
    const story = await getStory(getDb(), body.storyId);
    if (!story) throw new DomainError('not_found', 'No stories to display.');
    return story;
  },
});
