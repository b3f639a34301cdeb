import type { AppLoadContext } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod/v4';
import { redirect } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import { policy, type CurrentUser } from '@modules/identity/index.server';
import {
  AudienceType,
  commentPost,
  deletePost,
  deletePostComment,
  restorePostComment,
  checkPostFilesBeforeUpload,
  jobScheduler,
  savePost,
  setPostLiked,
  setPostPinned,
  uploadFiles,
  postScopeOf,
  type Post,
} from '@modules/social/index.server';
import { postActionSchema, postFormSchema } from '@modules/social/schemas';
import { UNREADABLE_FORM } from '../../utils/form.server';
import { attempt, refusedReply } from '../../utils/domain-error.server';
import { readFormWithFiles } from '../../utils/upload.server';

/**
 * The post actions of the feed screens (team home, post page, team posts), as plain form POSTs
 * that also serve the browser's fetchers: like, pin, comment, delete comment, delete post, and the
 * post editor (multipart, with its files). Every right is decided by the social module's use cases,
 * which ask the one policy; a refusal is a 403 with a message, never a 500.
 */
export interface AudienceOption {
  value: string;
  label: string;
}

/** The audiences this user may post to (the editor's dropdown lists only these). */
export async function audienceOptions(request: Request, context: AppLoadContext, user: CurrentUser): Promise<AudienceOption[]> {
  const out: AudienceOption[] = [];
  if (policy.canPostToAudience(user, { kind: 'global' })) out.push({ value: 'global', label: 'Global' });
  const orgId = user.userPermissions.organisationId;
  if (orgId !== null && policy.canPostToAudience(user, { kind: 'organisation', organisationId: orgId })) {
    out.push({ value: `org-${orgId}`, label: user.userPermissions.organisationName ?? 'My organisation' });
  }
  for (const t of await context.teams()) {
    if (policy.canPostToAudience(user, { kind: 'team', teamId: t.teamId, organisationId: t.organisationId })) out.push({ value: `team-${t.teamId}`, label: t.name });
  }
  return out;
}

/** 'YYYY-MM-DDTHH:mm' from the picker, read as the browser's offset (tzOffset minutes) or UTC; seconds zeroed. */
export function parseScheduledAt(value: string | undefined, tzOffsetMinutes: number): Date | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const utc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!) + tzOffsetMinutes * 60_000;
  return Number.isFinite(utc) ? new Date(utc) : null;
}

const withParam = (path: string, name: string, value: string) => {
  const url = new URL(path, 'http://x');
  url.searchParams.set(name, value);
  return url.pathname + url.search;
};

/** The post editor's message for a schedule time before now (issue 25). */
export const SCHEDULE_IN_PAST = 'The schedule time is in the past. Choose a time from now on.';

const fail = (status: number, formErrors: string[]) => Response.json({ ok: false, formErrors }, { status });

/** Runs one post action; answers JSON for fetchers, or a redirect to `back` for a plain POST. */
export async function handlePostAction(request: Request, context: AppLoadContext, user: CurrentUser, back: string) {
  // The editor without JavaScript sends its text fields and files in one multipart POST; the others are urlencoded.
  const read = await readFormWithFiles(request, context).catch((error: unknown) => (error instanceof Response ? error : fail(400, [UNREADABLE_FORM])));
  if (read instanceof Response) return read;
  const { form, files } = read;
  const wantsJson = form.get('_fetch') === '1';
  const done = (data: Record<string, unknown> = {}) => (wantsJson ? Response.json({ ok: true, ...data }) : redirect(back));
  if (form.get('intent') === 'save-post') return savePostForm(form, files, user, back, wantsJson);
  const answered = await attempt(async () => {
    const parsed = postActionSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return fail(400, [parsed.error.issues[0]?.message ?? 'The request is not valid.']);
    const a = parsed.data;
    switch (a.intent) {
      case 'like':
        await setPostLiked(getDb(), user, a.postId, a.isLiked === 'true');
        return done();
      case 'pin':
        await setPostPinned(getDb(), user, a.postId, a.isPinned === 'true');
        return done();
      case 'comment':
        return done({ comment: await commentPost(getDb(), user, a.postId, a.commentText) });
      case 'delete-comment':
        await deletePostComment(getDb(), user, a.postCommentId);
        // The page says "Comment deleted" with Undo (decision 281).
        return wantsJson ? done() : redirect(withParam(back, 'deletedComment', String(a.postCommentId)) + `#deleted-comment`);
      case 'restore-comment':
        await restorePostComment(getDb(), user, a.postCommentId);
        return wantsJson ? done() : redirect(`${back.split('?')[0]}#comment-${a.postCommentId}`);
      case 'delete-post':
        await deletePost(getDb(), user, a.postId, jobScheduler);
        return done();
    }
  });
  return answered.ok ? answered.value : fail(answered.error.status, [answered.error.message]);
}

/**
 * The post editor's save (multipart, JS on and off). A refusal (a file not available, too many
 * files, a denied audience) comes back as the form's error with its status, so the editor shows it.
 */
async function savePostForm(form: FormData, files: { name: string; bytes: Uint8Array }[], user: CurrentUser, back: string, wantsJson: boolean) {
  const submission = parseWithZod(form, { schema: postFormSchema });
  if (submission.status !== 'success') return Response.json({ ok: false, lastResult: submission.reply() }, { status: 400 });
  const v = submission.value;
  const saved = await attempt(async () => {
    const scheduledAt = parseScheduledAt(v.scheduledAt, Number(form.get('tzOffset') ?? 0) || 0);
    // A time before the current minute is refused, not silently posted now (issue 25).
    if (scheduledAt && scheduledAt.getTime() < Date.now() - 60_000) {
      return Response.json({ ok: false, lastResult: submission.reply({ fieldErrors: { scheduledAt: [SCHEDULE_IN_PAST] } }) }, { status: 400 });
    }
    // The 10-file rule counts the kept files and the new ones; checked before storing any upload.
    await checkPostFilesBeforeUpload(getDb(), v.postId ?? null, v, files.length);
    const uploaded = files.length ? await uploadFiles(getDb(), user.userId, 'files', files) : [];
    const audience = v.audience ?? '';
    const [kind, id] = audience.split('-');
    const post = await savePost(
      getDb(),
      user,
      {
        postId: v.postId,
        text: v.text,
        audienceType: kind === 'global' ? AudienceType.Global : kind === 'org' ? AudienceType.Organisation : AudienceType.Team,
        organisationId: kind === 'org' ? Number(id) : null,
        teamId: kind === 'team' ? Number(id) : null,
        isLedaOfficial: v.isLedaOfficial,
        scheduledAt,
        url: v.url,
        // An edit keeps the post's files, less those removed, plus the new uploads.
        addFileIds: [...v.fileIds, ...uploaded.map((f) => f.fileId)],
        removeFileIds: v.removeFileIds,
      },
      jobScheduler,
    );
    if (!wantsJson) {
      const url = new URL(back, 'http://x');
      if (post.scheduledAt) url.searchParams.set('scheduled', post.scheduledAt);
      else url.searchParams.set('saved', v.postId ? 'edited' : 'posted');
      return redirect(url.pathname + url.search);
    }
    return Response.json({ ok: true, postId: post.postId, scheduledAt: post.scheduledAt, lastResult: submission.reply({ resetForm: true }) });
  });
  return saved.ok ? saved.value : Response.json({ ok: false, lastResult: refusedReply(submission, saved.error) }, { status: saved.error.status });
}

/** A full post (the post page) as its card shows it: the like count, not the list of who liked it. */
export function summaryOf<P extends Post>({ likes, ...post }: P): Omit<P, 'likes'> & { likeCount: number; commentCount: number } {
  return { ...post, likeCount: likes.length, commentCount: post.comments.length };
}

/** What the screen may offer on each post, from the one policy (the server checks again on submit). */
export function withRights<P extends Pick<Post, 'audienceType' | 'organisationId' | 'teamId'> & { comments?: Post['comments'] }>(user: CurrentUser, posts: P[]) {
  return posts.map((p) => {
    const scope = postScopeOf({ audience_type: p.audienceType, organisation_id: p.organisationId, team_id: p.teamId });
    return {
      ...p,
      rights: {
        canModerate: policy.canModeratePost(user, scope),
        canReact: policy.canReactToPost(user, scope),
        canDeleteCommentIds: (p.comments ?? []).filter((c) => policy.canDeleteComment(user, { creatorId: c.user.userId, post: scope })).map((c) => c.postCommentId),
      },
    };
  });
}
