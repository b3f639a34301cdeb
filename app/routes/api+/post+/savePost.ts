import { getDb } from '@modules/shared/index.server';
import { jobScheduler, savePost } from '@modules/social/index.server';
import { savePostBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/post/savePost {post}: creates or edits a post; the policy decides audience, edit and official. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: savePostBody,
  handler: async ({ body, auth }) => {
    const p = body.post;
    const audienceType = p.audienceType ?? (p.isGlobal ? 1 : p.teamId ? 3 : 2);
    return savePost(
      getDb(),
      auth.user,
      {
        postId: p.postId ?? undefined,
        text: p.text,
        audienceType,
        organisationId: p.organisationId ?? null,
        teamId: p.teamId ?? null,
        isLedaOfficial: p.isLedaOfficial,
        scheduledAt: p.scheduledAt ? new Date(p.scheduledAt) : null,
        url: p.url ?? null,
        // The whole list when given; an edit without one keeps the post's files.
        fileIds: p.fileIds ?? p.postFiles?.map((f) => f.file.fileId),
      },
      jobScheduler,
    );
  },
});
