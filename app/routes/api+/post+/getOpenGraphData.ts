import { getDb } from '@modules/shared/index.server';
import { getLinkPreview } from '@modules/social/index.server';
import { openGraphBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/post/getOpenGraphData {url}: the link preview {title, description, image, video}, fetched
 * on the server through the SSRF-safe fetch and cached per URL; an address that cannot be previewed
 * answers 400 with errorMsg; over the user's link-preview limit (a URL not yet cached), 429 with errorMsg.
 */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: openGraphBody,
  handler: async ({ body, auth }) => {
    const preview = await getLinkPreview(getDb(), auth.user.userId, body.url);
    if (!preview) return Response.json({ errorMsg: 'No preview is available for this link.' }, { status: 400 });
    return preview;
  },
});
