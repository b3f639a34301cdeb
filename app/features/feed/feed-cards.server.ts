import type { CurrentUser } from '@modules/identity/index.server';
import type { Post, PostSummary } from '@modules/social/index.server';
import type { FeedPost, PostLinkPreview } from '~/components/feed/post-card';
import { withRights } from './post-actions.server';

type CardSource = PostSummary & { comments?: Post['comments']; linkPreview?: (PostLinkPreview & { video?: string | null }) | null };

/**
 * The feed's posts as their cards show them, with what the user may do on each (withRights): only the
 * fields PostCard reads. A loader's data is written into the document twice (the HTML and the
 * hydration data), so the post's audience, ids, creation time and the creator's photo, which no card
 * shows, stay on the server (issue 29, decision 351).
 */
export function toFeedCards(user: CurrentUser, posts: CardSource[]): FeedPost[] {
  return withRights(user, posts).map((p) => ({
    postId: p.postId,
    text: p.text,
    isGlobal: p.isGlobal,
    isLedaOfficial: p.isLedaOfficial,
    url: p.url,
    userCreator: p.userCreator ? { fullName: p.userCreator.fullName } : null,
    postedAt: p.postedAt,
    scheduledAt: p.scheduledAt,
    pinnedAt: p.pinnedAt,
    postFiles: p.postFiles.map((f) => ({ postFileId: f.postFileId, file: { blobId: f.file.blobId, fileName: f.file.fileName, type: f.file.type, imageWidths: f.file.imageWidths } })),
    isLiked: p.isLiked,
    likeCount: p.likeCount,
    commentCount: p.commentCount,
    ...(p.comments ? { comments: p.comments } : {}),
    rights: p.rights,
    ...(p.linkPreview !== undefined
      ? { linkPreview: p.linkPreview ? { url: p.linkPreview.url, title: p.linkPreview.title, description: p.linkPreview.description, image: p.linkPreview.image } : null }
      : {}),
  }));
}
