import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { Link } from '~/components/link';
import { boundedInt, getDb, idSchema, logger } from '@modules/shared/index.server';
import { getPresetById, removePresetPost, submitPresetPost } from '@modules/admin/index.server';
import { MAX_POST_FILES } from '@modules/social/index.server';
import { fromDays, toDays, toStoredTime } from '@modules/journeys/constants';
import { idParam, orNotFound } from '~/utils/route-params.server';
import { readFormWithFiles } from '~/utils/upload.server';
import { requireProductAdmin } from '~/utils/session.server';
import { presetPostForm } from '~/features/admin/admin-forms.server';
import { InlineConfirmDelete } from '~/components/inline-confirm-delete';
import { ResultToast } from '~/components/admin/result-toast';
import { Badge, Card, EmptyState } from '~/components/ui';

export const PRESET_SAVED = 'Preset saved.';
export const PRESET_SAVE_BUG = 'Bug while saving preset';

/**
 * Preset editor, POSTS tab: text, when (days, weeks x7 or months x30 from the start), time HH:MM
 * (':00' appended), official flag and files (photos .png .jpg .jpeg, documents .pdf; up to 10),
 * uploaded in the same multipart POST as the post editor's (works without JavaScript). Editing keeps
 * the post's files unless one is ticked for removal. ?edit=<id> edits a post, ?confirm=<id> asks
 * before deleting.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const presetId = idParam(params, 'presetId');
  const preset = await orNotFound(() => getPresetById(getDb(), presetId));
  return {
    presetId,
    maxFiles: MAX_POST_FILES,
    posts: preset.posts.map((p) => ({ ...p, when: fromDays(p.scheduledIn), hhmm: p.time.slice(0, 5) })),
  };
}

type Result = { ok: boolean; message: string | null; errors: Record<string, string>; savedAt?: number };
const fail = (status: number, errors: Record<string, string>, message: string | null = null) => data<Result>({ ok: false, message, errors }, { status });
const ids = (values: FormDataEntryValue[]) => new Set(values.flatMap((v) => boundedInt(String(v)) ?? []));

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const presetId = idParam(params, 'presetId');
  let read: Awaited<ReturnType<typeof readFormWithFiles>>;
  try {
    read = await readFormWithFiles(request, context);
  } catch (err) {
    if (!(err instanceof Response)) throw err;
    const body = (await err.json().catch(() => null)) as { errorMsg?: string } | null;
    return fail(err.status, { files: body?.errorMsg ?? 'The upload could not be read.' });
  }
  const { form, files } = read;
  const base = `/admin/team-presets/${presetId}/posts`;
  const preset = await orNotFound(() => getPresetById(getDb(), presetId));
  if (form.get('intent') === 'delete') {
    const postId = idSchema.safeParse(form.get('presetPostId'));
    if (!postId.success || !preset.posts.some((p) => p.presetPostId === postId.data)) return fail(404, {}, PRESET_SAVE_BUG);
    await removePresetPost(getDb(), admin.userId, postId.data);
    return redirect(base);
  }
  const parsed = presetPostForm.safeParse({
    presetPostId: form.get('presetPostId') || undefined,
    text: form.get('text') ?? '',
    amount: form.get('amount') || undefined,
    unit: form.get('unit') || undefined,
    time: form.get('time') ?? undefined,
    isLedaOfficial: form.get('isLedaOfficial') ?? undefined,
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const i of parsed.error.issues) errors[String(i.path[0])] ??= i.message;
    return fail(400, errors);
  }
  const p = parsed.data;
  let outcome: Awaited<ReturnType<typeof submitPresetPost>>;
  try {
    outcome = await submitPresetPost(getDb(), admin.userId, {
      presetId,
      post: { presetPostId: p.presetPostId ?? null, text: p.text, scheduledIn: toDays(p.amount, p.unit), time: toStoredTime(p.time)!, isLedaOfficial: p.isLedaOfficial === 'on' },
      shownFileIds: ids(form.getAll('fileIds')),
      removedFileIds: ids(form.getAll('removeFileIds')),
      newFiles: files,
    });
  } catch (err) {
    if (!(err instanceof Error)) throw err;
    logger().warn({ err, presetId }, 'preset post save failed');
    return fail(400, {}, PRESET_SAVE_BUG);
  }
  if (!outcome.ok) return outcome.reason === 'not_found' ? fail(outcome.status, {}, PRESET_SAVE_BUG) : fail(outcome.status, { [outcome.reason]: outcome.message });
  return { ok: true, message: PRESET_SAVED, errors: {}, savedAt: Date.now() } satisfies Result as Result;
}

type Post = Awaited<ReturnType<typeof loader>>['posts'][number];

function PostForm({ post, errors, maxFiles, savedAt }: { post: Post | null; errors: Record<string, string>; maxFiles: number; savedAt?: number }) {
  const err = (name: string) =>
    errors[name] ? (
      <p id={`pp-${name}-error`} className="field-errors" role="alert">
        {errors[name]}
      </p>
    ) : null;
  const aria = (name: string) => ({ 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': errors[name] ? `pp-${name}-error` : undefined });
  return (
    <Form method="post" encType="multipart/form-data" className="ui-card admin-form-card" aria-labelledby="pp-form-heading" key={`${post?.presetPostId ?? 'new'}-${savedAt ?? 0}`}>
      <h3 id="pp-form-heading" className="ui-card-title">
        {post ? 'Edit post' : 'Add a post'}
      </h3>
      <input type="hidden" name="intent" value="save" />
      {post ? <input type="hidden" name="presetPostId" value={post.presetPostId} /> : null}
      <div className="field">
        <label htmlFor="pp-text">Text</label>
        <textarea id="pp-text" name="text" rows={4} maxLength={10000} defaultValue={post?.text ?? ''} {...aria('text')} />
        {err('text')}
      </div>
      {post?.postFiles.length ? (
        <fieldset className="field">
          <legend>Files of this post</legend>
          <ul className="preset-post-files">
            {post.postFiles.map(({ file }) => (
              <li key={file.fileId}>
                <input type="hidden" name="fileIds" value={file.fileId} />
                <a href={`/blobs/${file.blobId}`} target="_blank" rel="noopener noreferrer">
                  {file.fileName}
                </a>{' '}
                <label className="checkbox">
                  <input type="checkbox" name="removeFileIds" value={file.fileId} /> Remove {file.fileName}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <div className="field">
        <label htmlFor="pp-files">Photos (.png, .jpg, .jpeg) and documents (.pdf), up to {maxFiles}</label>
        <input id="pp-files" type="file" name="files" multiple accept=".png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf" {...aria('files')} />
        {err('files')}
      </div>
      <div className="preset-row-form">
        <div className="field">
          <label htmlFor="pp-amount">Post after</label>
          <input id="pp-amount" name="amount" type="number" min={0} max={3650} step={1} required defaultValue={post?.when.amount ?? 0} className="narrow-input" {...aria('amount')} />
          {err('amount')}
        </div>
        <div className="field">
          <label htmlFor="pp-unit">Unit</label>
          <select id="pp-unit" name="unit" defaultValue={post?.when.unit ?? 'days'}>
            <option value="days">days</option>
            <option value="weeks">weeks (x7 days)</option>
            <option value="months">months (x30 days)</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="pp-time">Time (HH:MM)</label>
          <input id="pp-time" name="time" type="time" required defaultValue={post?.hhmm ?? '09:00'} {...aria('time')} />
          {err('time')}
        </div>
        <div className="field checkbox">
          <input id="pp-official" name="isLedaOfficial" type="checkbox" defaultChecked={post?.isLedaOfficial ?? true} />
          <label htmlFor="pp-official">Official Leda post</label>
        </div>
      </div>
      <div className="form-actions">
        <button type="submit" className="button">
          {post ? 'Save post' : 'Add post'}
        </button>
        {post ? (
          <Link to="." className="button secondary">
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

const whenText = (p: Post) => (p.scheduledIn === 0 ? `On the start day at ${p.hhmm}` : `After ${p.when.amount} ${p.when.unit} (day ${p.scheduledIn}) at ${p.hhmm}`);

export default function PresetPosts() {
  const { posts, maxFiles } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const editing = posts.find((p) => String(p.presetPostId) === params.get('edit')) ?? null;
  const confirm = Number(params.get('confirm'));
  return (
    <Card title="Posts" titleId="preset-posts">
      <ResultToast result={result} />
      {posts.length ? (
        <table className="card-table">
          <caption>Posts created on the team when the preset is applied.</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Text</th>
              <th scope="col">Official</th>
              <th scope="col">Files</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {posts.map((p) => (
              <tr key={p.presetPostId}>
                <td data-label="When">{whenText(p)}</td>
                <td className="truncate-3" data-label="Text">
                  {p.text}
                </td>
                <td data-label="Official">
                  <Badge tone={p.isLedaOfficial ? 'brand' : 'neutral'}>{p.isLedaOfficial ? 'Yes' : 'No'}</Badge>
                </td>
                <td data-label="Files">{p.postFiles.length ? p.postFiles.map((f) => f.file.fileName).join(', ') : 'None'}</td>
                <td className="row-actions">
                  <Link to={`?edit=${p.presetPostId}`} className="button small secondary" aria-label={`Edit post ${whenText(p)}`}>
                    Edit
                  </Link>
                  <InlineConfirmDelete
                    open={confirm === p.presetPostId}
                    question="Are you sure you wish to delete this post?"
                    fields={{ intent: 'delete', presetPostId: p.presetPostId }}
                    confirmHref={`?confirm=${p.presetPostId}`}
                    label={`Delete post ${whenText(p)}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <EmptyState title="No records to display.">Add the first post below.</EmptyState>
      )}
      {/* A fresh form after each save: with JavaScript the chosen files are not sent twice. */}
      <PostForm post={editing} errors={result?.errors ?? {}} maxFiles={maxFiles} savedAt={result?.savedAt} />
    </Card>
  );
}
