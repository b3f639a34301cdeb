import { Form, useFetcher, useFormAction, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TaskFieldInput, TaskFieldView, answerText, type TaskFieldData } from './task-field';

/**
 * A task of a my activity: editable (the current task, or a completed one after 'Edit Task') or
 * read-only. Without JavaScript the form posts with Save or Complete. With it, edits also save by
 * themselves 2 s after the last change (learner-app s.9), when focus leaves the task, and when the
 * page is hidden or left; Complete saves and completes in one post.
 */
export interface TaskData {
  myActivityTaskId: number;
  ordinal: number;
  name: string;
  htmlContent: string;
  completedAt: string | null;
  myActivityTaskFields: TaskFieldData[];
}

export const AUTOSAVE_DELAY_MS = 2000;

export function TaskForm({
  myActivityId,
  task,
  editing,
  cancelTo,
  error,
  saved,
}: {
  myActivityId: number;
  task: TaskData;
  editing: boolean;
  cancelTo: string;
  error: { message: string; posted: Record<string, string[]> | null } | null;
  saved: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  // The route's own action (with ?index for an index route): the fetcher and the Form post there by default.
  const action = useFormAction();
  const fetcher = useFetcher<{ saved?: number; error?: { message: string } }>();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const dirty = useRef(false);
  const [status, setStatus] = useState<string>(saved ? 'Saved.' : '');

  const payload = useCallback(() => {
    if (!form.current) return null;
    const fd = new FormData(form.current);
    fd.set('intent', 'autosave');
    // An unchanged file input sends nothing; a chosen file is sent once, then the input is cleared.
    for (const input of form.current.querySelectorAll<HTMLInputElement>('input[type=file]')) if (!input.files?.length) fd.delete(input.name);
    return fd;
  }, []);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!dirty.current) return;
    const fd = payload();
    if (!fd) return;
    dirty.current = false;
    setStatus('Saving…');
    fetcher.submit(fd, { method: 'post', encType: 'multipart/form-data' });
  }, [fetcher, payload]);

  // Leaving the page: the beacon carries the last edits even as the page goes away.
  useEffect(() => {
    const leave = () => {
      if (!dirty.current) return;
      const fd = payload();
      if (fd && navigator.sendBeacon(action, fd)) dirty.current = false;
    };
    const hidden = () => document.visibilityState === 'hidden' && leave();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      leave();
    };
  }, [action, payload]);

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (fetcher.data.error) setStatus(fetcher.data.error.message);
    else if (fetcher.data.saved) setStatus('Saved.');
  }, [fetcher.state, fetcher.data]);

  const changed = () => {
    dirty.current = true;
    setStatus('');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, AUTOSAVE_DELAY_MS);
  };
  const busy = navigation.state !== 'idle' && navigation.formData?.get('myActivityTaskId') === String(task.myActivityTaskId);
  const errorId = `task-${task.myActivityTaskId}-error`;

  return (
    <Form
      ref={form}
      method="post"
      encType="multipart/form-data"
      className="task-form"
      aria-describedby={error ? errorId : undefined}
      onInput={changed}
      onChange={changed}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) flush();
      }}
      onSubmit={() => {
        if (timer.current) clearTimeout(timer.current);
        dirty.current = false;
      }}
    >
      <input type="hidden" name="myActivityId" value={myActivityId} />
      <input type="hidden" name="myActivityTaskId" value={task.myActivityTaskId} />
      {error ? (
        <div className="form-error" id={errorId} role="alert">
          <p>{error.message}</p>
        </div>
      ) : null}
      {task.myActivityTaskFields.map((f) => (
        <TaskFieldInput key={f.myActivityTaskFieldId} field={f} posted={error?.posted ?? undefined} error={error && error.message.startsWith(`${f.label}:`) ? error.message : null} />
      ))}
      <div className="task-actions">
        <button type="submit" name="intent" value="save" className="button" disabled={busy}>
          Save
        </button>
        {editing ? (
          <Link to={cancelTo} className="button">
            Cancel
          </Link>
        ) : (
          <button type="submit" name="intent" value="complete" className="button primary" disabled={busy}>
            Complete
          </button>
        )}
        <span className="task-status" role="status" aria-live="polite">
          {status}
        </span>
      </div>
    </Form>
  );
}

/** A completed task's answers, read-only; 'No response provided.' when none of its fields has one. */
export function TaskAnswers({ task }: { task: TaskData }) {
  const any = task.myActivityTaskFields.some((f) => answerText(f) != null);
  if (!task.myActivityTaskFields.length) return null;
  if (!any) return <p className="muted">No response provided.</p>;
  return (
    <dl className="task-answers">
      {task.myActivityTaskFields.map((f) => (
        <TaskFieldView key={f.myActivityTaskFieldId} field={f} />
      ))}
    </dl>
  );
}
