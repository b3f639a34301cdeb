import type { SubmissionResult } from '@conform-to/react';
import { useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ErrorList, FormError, LedaForm, useLedaForm, type FormConstraint } from '~/components/forms';
// learner-app s.9: at most 10 attachments on a post, the kept ones and the new ones together.
import { MAX_POST_FILES, TOO_MANY_FILES } from '@modules/social/constants';
import { Card } from '~/components/ui/card';
import { LinkIcon } from '~/components/explore/icons';

export interface AudienceOption {
  value: string;
  label: string;
}

export interface EditorFile {
  fileId: number;
  blobId: string;
  fileName: string;
  type: number;
}

/** The schedule picker's message for a time before now (issue 25; the picker's minimum is now, learner-app s.9). */
export const SCHEDULE_IN_PAST = 'The schedule time is in the past. Choose a time from now on.';

type Format = 'bold' | 'italic' | 'list' | 'link';
const FORMATS: { format: Format; label: string; shown: ReactNode }[] = [
  { format: 'bold', label: 'Bold', shown: 'B' },
  { format: 'italic', label: 'Italic', shown: 'I' },
  { format: 'list', label: 'Bulleted list', shown: '•' },
  { format: 'link', label: 'Link', shown: <LinkIcon /> },
];

/** The markdown a toolbar button writes around the selection; returns the new text and selection. */
export function applyFormat(text: string, start: number, end: number, format: Format): { text: string; start: number; end: number } {
  const chosen = text.slice(start, end);
  const put = (before: string, inner: string, after: string) => ({
    text: text.slice(0, start) + before + inner + after + text.slice(end),
    start: start + before.length,
    end: start + before.length + inner.length,
  });
  if (format === 'bold') return put('**', chosen || 'bold text', '**');
  if (format === 'italic') return put('*', chosen || 'italic text', '*');
  if (format === 'link') return put('[', chosen || 'link text', '](https://)');
  // A list: each chosen line (or a new one) starts with "- ".
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const block = text.slice(lineStart, end) || 'List item';
  const listed = block
    .split('\n')
    .map((l) => (/^\s*[-*]\s+/.test(l) ? l : `- ${l}`))
    .join('\n');
  return { text: text.slice(0, lineStart) + listed + text.slice(Math.max(end, lineStart)), start: lineStart, end: lineStart + listed.length };
}

const pad = (n: number) => String(n).padStart(2, '0');
const localMinute = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/**
 * The post editor: text, audience (only those the user may use), official (product admins),
 * schedule-at (minimum now, seconds zeroed), up to 10 photos (.png .jpg .jpeg) and documents (.pdf),
 * a URL. One multipart POST, so it works without JavaScript; with it, Post is disabled while there
 * is neither text nor a file, while the form (and its files) is being sent, and over 10 files.
 * Editing: the post's attachments are listed, each with a Remove checkbox (a plain form field, so
 * it works without JavaScript); new files are added to the kept ones (decision 189).
 */
export function PostEditor({
  audiences,
  defaultAudience,
  canMarkOfficial,
  lastResult,
  constraint,
  editing,
}: {
  /** Editing an existing post: its values; a posted post hides the audience and publish controls. */
  editing?: { postId: number; text: string; url: string | null; posted: boolean; scheduledAt?: string | null; files: EditorFile[]; isLedaOfficial: boolean };
  audiences: AudienceOption[];
  defaultAudience: string;
  canMarkOfficial: boolean;
  lastResult: SubmissionResult<string[]> | null | undefined;
  constraint: FormConstraint | undefined;
}) {
  const [form, fields] = useLedaForm<{ text: string; audience: string; url: string; scheduledAt: string }>({ id: 'post-editor', lastResult, constraint });
  const [text, setText] = useState(editing?.text ?? '');
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [previews, setPreviews] = useState<{ url: string; name: string }[]>([]);
  const [pastError, setPastError] = useState(false);
  // Object URLs of the chosen photos are released when the choice changes or the editor goes.
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);
  const format = (f: Format) => {
    const el = textRef.current;
    if (!el) return;
    const next = applyFormat(text, el.selectionStart, el.selectionEnd, f);
    setText(next.text);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.start, next.end);
    });
  };
  const existing = editing?.files ?? [];
  const [removed, setRemoved] = useState<number[]>([]);
  const [newCount, setNewCount] = useState(0);
  const kept = existing.length - removed.length;
  const canAttach = kept < MAX_POST_FILES;
  const fileCount = kept + (canAttach ? newCount : 0);
  const tooMany = fileCount > MAX_POST_FILES;
  // The file input leaves the page at 10 kept files, and its choice with it.
  useEffect(() => {
    if (!canAttach) {
      setNewCount(0);
      setPreviews([]);
    }
  }, [canAttach]);
  const navigation = useNavigation();
  // Sending the form (its files are uploaded with it) until the page has its answer.
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'save-post';
  const [hydrated, setHydrated] = useState(false);
  const [min, setMin] = useState<string | undefined>(undefined);
  const [tz, setTz] = useState('0');
  useEffect(() => {
    setHydrated(true);
    setMin(localMinute(new Date()));
    setTz(String(new Date().getTimezoneOffset()));
  }, []);
  const empty = !text.trim() && fileCount === 0;
  // A scheduled post keeps its time unless changed (emptied: posted now): in UTC before hydration
  // (tzOffset 0), in the browser's time after.
  const scheduledAt = editing?.scheduledAt;
  const scheduledDefault = scheduledAt ? (hydrated ? localMinute(new Date(scheduledAt)) : scheduledAt.slice(0, 16)) : undefined;
  const [preview, setPreview] = useState<{ title: string | null; description: string | null } | null>(null);
  const [previewLimited, setPreviewLimited] = useState<string | null>(null);
  /** With JavaScript: the link preview under the URL field (fetched by the server, SSRF-checked; text only). */
  const loadPreview = async (url: string) => {
    setPreview(null);
    setPreviewLimited(null);
    if (!/^https?:\/\//i.test(url) || url.length > 10000) return;
    try {
      const res = await fetch('/api/post/getOpenGraphData', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }), credentials: 'same-origin' });
      if (res.ok) setPreview((await res.json()) as { title: string | null; description: string | null });
      // Over the link-preview limit: say so (the post still saves with its link).
      else if (res.status === 429) setPreviewLimited(((await res.json()) as { errorMsg?: string }).errorMsg ?? null);
    } catch {
      // No preview: the post is saved with its link all the same.
    }
  };
  return (
    <Card title={editing ? 'Edit post' : 'Create a post'} className="post-editor">
      <LedaForm form={form} method="post" encType="multipart/form-data">
        <input type="hidden" name="intent" value="save-post" />
        {editing ? <input type="hidden" name="postId" value={editing.postId} /> : null}
        {editing?.isLedaOfficial ? <input type="hidden" name="isLedaOfficial" value="on" /> : null}
        <input type="hidden" name="tzOffset" value={tz} />
        <FormError id={form.errorId} errors={form.errors} />
        <label htmlFor="post-text">What would you like to share?</label>
        {hydrated ? (
          <div className="post-editor-toolbar" role="toolbar" aria-label="Formatting" aria-controls="post-text">
            {FORMATS.map((f) => (
              <button key={f.format} type="button" className={`post-format post-format-${f.format}`} aria-label={f.label} title={f.label} onClick={() => format(f.format)}>
                <span aria-hidden="true">{f.shown}</span>
              </button>
            ))}
          </div>
        ) : null}
        <textarea id="post-text" ref={textRef} name="text" rows={4} maxLength={10000} value={text} onChange={(e) => setText(e.target.value)} aria-describedby="post-text-hint" />
        <p id="post-text-hint" className="field-hint">
          Formatting: **bold**, *italic*, __underline__, a line starting with &quot;- &quot; for a list, [text](https://…) for a link.
        </p>
        {editing ? null : (
        <div className="post-editor-row">
          <label htmlFor="post-audience">Audience</label>
          <select id="post-audience" name="audience" defaultValue={defaultAudience}>
            {audiences.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
          {canMarkOfficial ? (
            <label className="checkbox">
              <input type="checkbox" name="isLedaOfficial" defaultChecked /> Official post
            </label>
          ) : null}
        </div>
        )}
        {editing?.posted ? null : (
        <div className="post-editor-row">
          <label htmlFor="post-schedule">Schedule for (optional{hydrated ? '' : ', UTC'})</label>
          <input
            id="post-schedule"
            type="datetime-local"
            name="scheduledAt"
            step={60}
            min={min}
            defaultValue={scheduledDefault}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setPastError(Boolean(v) && new Date(v).getTime() < Date.now() - 60_000);
            }}
            aria-invalid={pastError || fields.scheduledAt.errors?.length ? true : undefined}
            aria-describedby={pastError || fields.scheduledAt.errors?.length ? fields.scheduledAt.errorId : undefined}
          />
          <ErrorList id={fields.scheduledAt.errorId} errors={pastError ? [SCHEDULE_IN_PAST] : fields.scheduledAt.errors} />
        </div>
        )}
        <div className="post-editor-row">
          <label htmlFor="post-url">Link (optional)</label>
          <input
            id="post-url"
            type="url"
            name="url"
            maxLength={10000}
            defaultValue={editing?.url ?? undefined}
            onBlur={(e) => void loadPreview(e.currentTarget.value.trim())}
            aria-invalid={fields.url.errors?.length ? true : undefined}
            aria-describedby={fields.url.errors?.length ? fields.url.errorId : undefined}
          />
          <ErrorList id={fields.url.errorId} errors={fields.url.errors} />
          {preview?.title || preview?.description ? (
            <div className="link-preview" aria-live="polite">
              {preview.title ? <p className="link-preview-title">{preview.title}</p> : null}
              {preview.description ? <p className="link-preview-description">{preview.description}</p> : null}
            </div>
          ) : null}
          {previewLimited ? (
            <p className="field-hint" role="status">
              {previewLimited}
            </p>
          ) : null}
        </div>
        {existing.length ? (
          <fieldset className="post-editor-files">
            <legend>Attachments</legend>
            <ul>
              {existing.map((f) => (
                <li key={f.fileId} className={removed.includes(f.fileId) ? 'removed' : undefined}>
                  <a href={`/blobs/${f.blobId}`} target="_blank" rel="noopener noreferrer">
                    {f.fileName}
                  </a>{' '}
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      name="removeFileIds"
                      value={f.fileId}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setRemoved((r) => (on ? [...r, f.fileId] : r.filter((id) => id !== f.fileId)));
                      }}
                    />{' '}
                    Remove<span className="visually-hidden"> {f.fileName}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        {canAttach ? (
          <div className="post-editor-row">
            <label htmlFor="post-files">
              Photos (.png, .jpg, .jpeg) and documents (.pdf), up to {MAX_POST_FILES}
              {existing.length ? ` in all (${kept} kept)` : ''}
            </label>
            <input
              id="post-files"
              type="file"
              name="files"
              multiple
              accept=".png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf"
              onChange={(e) => {
                const chosen = [...(e.currentTarget.files ?? [])];
                setNewCount(chosen.length);
                setPreviews(chosen.filter((f) => /^image\/(png|jpeg)$/.test(f.type)).map((f) => ({ url: URL.createObjectURL(f), name: f.name })));
              }}
            />
            {previews.length ? (
              <ul className="post-editor-previews" aria-label="Chosen photos">
                {previews.map((p) => (
                  <li key={p.url}>
                    <img src={p.url} alt={p.name} />
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {tooMany ? (
          <p className="field-errors" role="alert">
            {TOO_MANY_FILES}
          </p>
        ) : null}
        <button type="submit" className="button primary" disabled={busy || (hydrated && (empty || tooMany || pastError))} aria-busy={busy || undefined}>
          {editing ? 'Save' : 'Post'}
        </button>
      </LedaForm>
    </Card>
  );
}
