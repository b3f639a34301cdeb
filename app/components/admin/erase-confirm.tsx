import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Link } from '~/components/link';

/**
 * The erasure confirmation (issue 27 s.3), for the product admin's /admin/user-erase/{id} and an
 * organisation admin's /app/profile/{id}/erase: names what happens, asks keep or delete for posts
 * and comments, and posts a plain form (works without JavaScript).
 */
export const ERASURE_CONSEQUENCES = [
  'They are signed out everywhere and can never sign in again; their password, calendar and feedback links stop working.',
  'Their email address, names, job title, phone, bio and photo are removed; the email address can be used for a new account.',
  'Files they uploaded are deleted, with their feedback contacts, the feedback they received and pending feedback requests.',
  "Their learning records (journeys, activities, visits) stay in their teams' insights without their name.",
  'The audit log records that the account was erased, without their personal data.',
];

export function EraseConfirm({ fullName, email, cancelTo, lastResult }: { fullName: string; email: string; cancelTo: string; lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm({ lastResult, shouldRevalidate: 'onBlur' });
  const postsError = fields.posts?.errors?.[0];
  return (
    <section aria-labelledby="erase-title" className="erase-confirm">
      <h1 id="erase-title">Erase {fullName}</h1>
      <p>
        You are about to erase the account of <strong>{fullName}</strong> ({email}). This cannot be undone.
      </p>
      <h2>What happens</h2>
      <ul>
        {ERASURE_CONSEQUENCES.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <Form method="post" {...getFormProps(form)}>
        <fieldset aria-describedby={postsError ? 'posts-error' : undefined}>
          <legend>Their posts and comments</legend>
          <label>
            <input type="radio" name="posts" value="keep" defaultChecked /> Keep them, shown as by &lsquo;Former member&rsquo;
          </label>
          <label>
            <input type="radio" name="posts" value="delete" /> Delete them
          </label>
          {postsError ? (
            <p id="posts-error" className="field-error">
              {postsError}
            </p>
          ) : null}
        </fieldset>
        {form.errors?.length ? (
          <p className="form-error" role="alert">
            {form.errors[0]}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button danger">
            Erase {fullName}
          </button>
          <Link to={cancelTo} className="button">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
