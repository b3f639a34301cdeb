import { Form, useFetcher, useSearchParams } from '@remix-run/react';
import { useFocusOnMount } from '~/components/ui/focus';
import { Link } from '~/components/link';
import { useEffect, useState } from 'react';
import type { Post, PostSummary } from '@modules/social/index.server';
import { PostText } from './post-text';
import { PhotoCarousel } from './photo-carousel';
import { When } from '~/components/when';
import { Badge } from '~/components/ui/badge';
import { Toast } from '~/components/ui/toast';

/** What the screen may offer on a post: decided on the server by the one policy. */
export interface PostRights {
  canModerate: boolean;
  canReact: boolean;
  canDeleteCommentIds: number[];
}
/** A cached link preview (sanitised on the server; learner-app s.3). */
export interface PostLinkPreview {
  url: string;
  title: string | null;
  description: string | null;
  image: string | null;
}
/**
 * A card's post: only what the card shows (the loader data is written into the page twice, as HTML and
 * as the hydration data, so nothing else travels: decision 351). Counts for likes and comments; the
 * comments themselves only where they are open (the post page).
 */
export interface FeedPost extends Pick<PostSummary, 'postId' | 'text' | 'isGlobal' | 'isLedaOfficial' | 'url' | 'postedAt' | 'scheduledAt' | 'pinnedAt' | 'isLiked' | 'likeCount' | 'commentCount'> {
  userCreator: { fullName: string } | null;
  postFiles: { postFileId: number; file: { blobId: string; fileName: string; type: number; imageWidths: number[] } }[];
  comments?: Post['comments'];
  rights: PostRights;
  linkPreview?: PostLinkPreview | null;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

function useHydrated() {
  const [h, setH] = useState(false);
  useEffect(() => setH(true), []);
  return h;
}

/**
 * The srcset of a stored image: its resized copies (/blobs/{id}?w=N) and the original, each with its
 * width (decision 243); empty for an image stored before resizing existed.
 */
export function imageSrcSet(blobId: string, widths: number[]) {
  return widths.map((w, i) => (i === widths.length - 1 ? `/blobs/${blobId} ${w}w` : `/blobs/${blobId}?w=${w} ${w}w`)).join(', ');
}

/** The shown width of a collage image: the hero spans the card (at most ~40rem), a thumbnail a third of it. */
const HERO_SIZES = '(max-width: 40rem) 100vw, 640px';
const THUMB_SIZES = '(max-width: 40rem) 33vw, 214px';

function Collage({ post }: { post: Pick<FeedPost, 'postFiles'> }) {
  const images = post.postFiles.filter((f) => f.file.type === 1);
  if (!images.length) return null;
  const shown = images.slice(0, 4);
  const more = images.length - shown.length;
  return (
    <div className={`post-collage count-${shown.length}`}>
      {shown.map((f, i) => (
        <a key={f.postFileId} href={`/blobs/${f.file.blobId}`} className={i === 0 ? 'hero' : 'thumb'} target="_blank" rel="noopener noreferrer">
          <img
            src={`/blobs/${f.file.blobId}`}
            srcSet={f.file.imageWidths.length > 1 ? imageSrcSet(f.file.blobId, f.file.imageWidths) : undefined}
            sizes={f.file.imageWidths.length > 1 ? (i === 0 ? HERO_SIZES : THUMB_SIZES) : undefined}
            alt={f.file.fileName}
            loading="lazy"
          />
          {i === shown.length - 1 && more > 0 ? <span className="post-collage-more">+{more} more</span> : null}
        </a>
      ))}
    </div>
  );
}

export function PostCard({ post, commentsOpen = false }: { post: FeedPost; commentsOpen?: boolean }) {
  const hydrated = useHydrated();
  const likeFetcher = useFetcher({ key: `like-${post.postId}` });
  const pinFetcher = useFetcher({ key: `pin-${post.postId}` });
  const [expanded, setExpanded] = useState(false);
  // Optimistic: what the pending fetcher says wins over the loaded data.
  const liked = likeFetcher.formData ? likeFetcher.formData.get('isLiked') === 'true' : post.isLiked;
  const likeCount = post.likeCount + (liked === post.isLiked ? 0 : liked ? 1 : -1);
  const pinned = pinFetcher.formData ? pinFetcher.formData.get('isPinned') === 'true' : post.pinnedAt !== null;
  const docs = post.postFiles.filter((f) => f.file.type !== 1);
  const long = post.text.split('\n').length > 6 || post.text.length > 600;
  const comments = post.comments ?? [];
  const [params] = useSearchParams();
  const confirmId = Number(params.get('confirmComment')) || null;
  const deletedId = Number(params.get('deletedComment')) || null;
  return (
    // A design-system card (decision 273): a pinned post has the card's brand edge; Official and Pinned are Badges.
    <article className={`post-card ui-card${pinned ? ' pinned tone-brand' : ''}`} aria-labelledby={`post-${post.postId}-by`}>
      <header className="post-head">
        <p id={`post-${post.postId}-by`} className="post-author">
          {post.userCreator?.fullName ?? 'Leda'}
          {post.isLedaOfficial ? <Badge tone="brand">Official</Badge> : null}
          {pinned ? <Badge tone="warning">Pinned</Badge> : null}
        </p>
        <p className="post-time">
          {post.postedAt ? <When value={post.postedAt} /> : <span>Scheduled for <When value={post.scheduledAt} format="datetime" /></span>}
        </p>
      </header>
      {/* Collapsed at 6 lines with 'See more': a button with JavaScript; without it, a checkbox and
          its label open the text by CSS alone (.see-more-toggle:checked), so the server renders it too. */}
      {long && !hydrated ? <input type="checkbox" id={`see-more-${post.postId}`} className="see-more-toggle visually-hidden" /> : null}
      {post.text ? (
        <div className={`post-text${long && !expanded ? ' clamped' : ''}`}>
          <PostText text={post.text} />
        </div>
      ) : null}
      {long && !expanded ? (
        hydrated ? (
          <button type="button" className="button link see-more" aria-expanded={false} onClick={() => setExpanded(true)}>
            See more
          </button>
        ) : (
          <label htmlFor={`see-more-${post.postId}`} className="button link see-more">
            See more
          </label>
        )
      ) : null}
      {post.url && post.linkPreview ? (
        <a className="post-link-preview" href={post.url} target="_blank" rel="nofollow noopener noreferrer">
          {post.linkPreview.image ? <img src={post.linkPreview.image} alt="" loading="lazy" referrerPolicy="no-referrer" /> : null}
          <span className="post-link-preview-text">
            {post.linkPreview.title ? <strong>{post.linkPreview.title}</strong> : null}
            {post.linkPreview.description ? <span>{post.linkPreview.description}</span> : null}
            <small>{hostOf(post.url)}</small>
          </span>
        </a>
      ) : post.url ? (
        <p className="post-link">
          <a href={post.url} target="_blank" rel="nofollow noopener noreferrer">
            {post.url}
          </a>
        </p>
      ) : null}
      {/* The feed shows the collage; the post's own page shows every photo in the carousel. */}
      {commentsOpen ? (
        <PhotoCarousel
          label="Photos"
          photos={post.postFiles.filter((f) => f.file.type === 1).map((f) => ({ blobId: f.file.blobId, fileName: f.file.fileName, widths: f.file.imageWidths }))}
        />
      ) : (
        <Collage post={post} />
      )}
      {docs.length ? (
        <ul className="post-documents" aria-label="Documents">
          {docs.map((f) => (
            <li key={f.postFileId}>
              <a href={`/blobs/${f.file.blobId}`}>{f.file.fileName}</a>
            </li>
          ))}
        </ul>
      ) : null}
      <footer className="post-actions ui-card-foot">
        {post.isGlobal ? null : (
          <span className="post-likes">
            {likeCount} {likeCount === 1 ? 'like' : 'likes'}
          </span>
        )}
        {post.rights.canReact ? (
          <likeFetcher.Form method="post" className="inline-form">
            <input type="hidden" name="intent" value="like" />
            <input type="hidden" name="postId" value={post.postId} />
            <input type="hidden" name="isLiked" value={String(!liked)} />
            <input type="hidden" name="_fetch" value={hydrated ? '1' : '0'} />
            <button type="submit" className="button link" aria-pressed={liked}>
              {liked ? 'Unlike' : 'Like'}
            </button>
          </likeFetcher.Form>
        ) : null}
        {post.rights.canModerate ? (
          <pinFetcher.Form method="post" className="inline-form">
            <input type="hidden" name="intent" value="pin" />
            <input type="hidden" name="postId" value={post.postId} />
            <input type="hidden" name="isPinned" value={String(!pinned)} />
            <input type="hidden" name="_fetch" value={hydrated ? '1' : '0'} />
            <button type="submit" className="button link" aria-pressed={pinned}>
              {pinned ? 'Unpin' : 'Pin'}
            </button>
          </pinFetcher.Form>
        ) : null}
        {!commentsOpen && !post.isGlobal ? (
          <a href={`/app/post/${post.postId}`} className="button link">
            {post.commentCount} {post.commentCount === 1 ? 'comment' : 'comments'}
          </a>
        ) : null}
      </footer>
      {commentsOpen && !post.isGlobal ? (
        <section className="post-comments" aria-label="Comments">
          {deletedId ? <CommentDeleted postCommentId={deletedId} /> : null}
          <ul>
            {comments.map((c) => (
              <li key={c.postCommentId} id={`comment-${c.postCommentId}`} className="post-comment" tabIndex={-1}>
                <p className="post-comment-by">
                  {c.user.fullName} <When value={c.createdAt} />
                </p>
                <p className="post-comment-text">{c.text}</p>
                {post.rights.canDeleteCommentIds.includes(c.postCommentId) ? (
                  <CommentDelete postCommentId={c.postCommentId} confirming={confirmId === c.postCommentId} />
                ) : null}
              </li>
            ))}
          </ul>
          {post.rights.canReact ? <CommentForm postId={post.postId} /> : null}
        </section>
      ) : null}
    </article>
  );
}


/**
 * Deleting a comment asks first (decision 281): "Delete comment" opens the question in the URL
 * (?confirmComment=id), so it works without JavaScript; with it, focus moves to the question.
 */
function CommentDelete({ postCommentId, confirming }: { postCommentId: number; confirming: boolean }) {
  if (!confirming) {
    return (
      <Link to={`?confirmComment=${postCommentId}#comment-${postCommentId}`} className="button link" preventScrollReset replace>
        Delete comment
      </Link>
    );
  }
  return <CommentConfirm postCommentId={postCommentId} />;
}

function CommentConfirm({ postCommentId }: { postCommentId: number }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={ref} className="comment-confirm" role="group" aria-labelledby={`confirm-comment-${postCommentId}`} tabIndex={-1}>
      <p id={`confirm-comment-${postCommentId}`}>Delete this comment? You can undo it for 10 minutes.</p>
      <Form method="post" className="inline-form" preventScrollReset replace>
        <input type="hidden" name="intent" value="delete-comment" />
        <input type="hidden" name="postCommentId" value={postCommentId} />
        <button type="submit" className="button small danger">
          Delete
        </button>
      </Form>{' '}
      <Link to={`?#comment-${postCommentId}`} className="button small secondary" preventScrollReset replace>
        Cancel
      </Link>
    </div>
  );
}

/** After a deletion: "Comment deleted." with Undo, focused so a keyboard or screen reader user hears it. */
function CommentDeleted({ postCommentId }: { postCommentId: number }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={ref} id="deleted-comment" className="comment-deleted" tabIndex={-1}>
      <Toast
        tone="success"
        actions={
          <Form method="post" className="inline-form" preventScrollReset replace>
            <input type="hidden" name="intent" value="restore-comment" />
            <input type="hidden" name="postCommentId" value={postCommentId} />
            <button type="submit" className="button small secondary">
              Undo
            </button>
          </Form>
        }
      >
        Comment deleted.
      </Toast>
    </div>
  );
}

function CommentForm({ postId }: { postId: number }) {
  const [text, setText] = useState('');
  const hydrated = useHydrated();
  return (
    <form method="post" className="post-comment-form" onSubmit={() => setTimeout(() => setText(''), 0)}>
      <input type="hidden" name="intent" value="comment" />
      <input type="hidden" name="postId" value={postId} />
      <label htmlFor={`comment-${postId}`}>Write a comment</label>
      <textarea id={`comment-${postId}`} name="commentText" rows={2} required maxLength={10000} value={text} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="button small primary" disabled={hydrated && !text.trim()}>
        Comment
      </button>
    </form>
  );
}

