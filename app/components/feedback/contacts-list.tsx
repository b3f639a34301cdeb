import { Form, useSearchParams } from '@remix-run/react';
import { Link } from '~/components/link';
import { Toast } from '~/components/ui/toast';
import { FocusOnMount, useFocusOnMount } from '~/components/ui/focus';
import { When } from '~/components/when';

export interface ContactRow {
  userContactId: number;
  email: string;
  lastFeedbackRequestAt: string | null;
  /** 'Wait' plus the time left, while the contact may not be asked again (learner-app 4). */
  wait: string | null;
}

/** A contact the action just deleted, for its Undo. */
export interface DeletedContact {
  email: string;
  lastAskedAt: string | null;
}

const CONFIRM = 'confirmContact';

/**
 * The contacts asked for feedback: ask again (disabled, 'Wait …', within 2 weeks) and delete. Plain
 * forms. Delete asks first (decision 331): the question is page state in the URL (?confirmContact=id),
 * so it works without JavaScript; after the deletion, a status with Undo.
 */
export function ContactsList({
  contacts,
  errors,
  deleted = null,
  restoredEmail = null,
  restoreError = null,
}: {
  contacts: ContactRow[];
  errors: Record<number, string>;
  deleted?: DeletedContact | null;
  restoredEmail?: string | null;
  restoreError?: string | null;
}) {
  const [params] = useSearchParams();
  const confirmId = Number(params.get(CONFIRM)) || null;
  const status = deleted ? <ContactDeleted contact={deleted} /> : restoredEmail ? <ContactRestored email={restoredEmail} /> : null;
  const error = restoreError ? (
    <p className="field-errors" role="alert">
      {restoreError}
    </p>
  ) : null;
  if (!contacts.length) {
    return (
      <>
        {status}
        {error}
        <p className="empty-message">You have not asked anyone yet. Their email addresses will be listed here.</p>
      </>
    );
  }
  return (
    <>
      {status}
      {error}
      <table className="data-table contacts-table">
        <caption className="visually-hidden">People you asked for feedback</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Last asked</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {contacts.map((c) => (
            <tr key={c.userContactId} id={`contact-${c.userContactId}`}>
              <td className="contact-email">{c.email}</td>
              <td>{c.lastFeedbackRequestAt ? <When value={c.lastFeedbackRequestAt} /> : 'Not yet'}</td>
              <td className="contact-actions">
                {confirmId === c.userContactId ? (
                  <ContactConfirm contact={c} />
                ) : (
                  <>
                    <Form method="post" className="inline-form">
                      <input type="hidden" name="userContactId" value={c.userContactId} />
                      <button type="submit" name="intent" value="re-request" className="button small" disabled={c.wait !== null} aria-label={c.wait ? `${c.wait} before asking ${c.email} again` : `Ask again: ${c.email}`}>
                        {c.wait ?? 'Ask again'}
                      </button>
                    </Form>{' '}
                    <Link to={`?tab=request&${CONFIRM}=${c.userContactId}#contact-${c.userContactId}`} className="button small danger" aria-label={`Delete ${c.email}`} preventScrollReset replace>
                      Delete
                    </Link>
                  </>
                )}
                {errors[c.userContactId] ? (
                  <p className="field-errors" role="alert">
                    {errors[c.userContactId]}
                  </p>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The question, focused when it opens (JavaScript on): Delete posts, Cancel goes back to the list. */
function ContactConfirm({ contact }: { contact: ContactRow }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  const id = `confirm-contact-${contact.userContactId}`;
  return (
    <div ref={ref} className="contact-confirm" role="group" aria-labelledby={id} tabIndex={-1} autoFocus>
      <p id={id}>Delete {contact.email} from your contacts?</p>
      <Form method="post" action="/app/feedback?tab=request" className="inline-form" preventScrollReset replace>
        <input type="hidden" name="userContactId" value={contact.userContactId} />
        <button type="submit" name="intent" value="delete" className="button small danger">
          Delete
        </button>
      </Form>{' '}
      <Link to={`?tab=request#contact-${contact.userContactId}`} className="button small secondary" preventScrollReset replace>
        Cancel
      </Link>
    </div>
  );
}

/** After the deletion: a status with Undo, focused so it is heard (autofocus also without JavaScript). */
function ContactDeleted({ contact }: { contact: DeletedContact }) {
  return (
    <FocusOnMount className="contact-status">
      <Toast
        title={`${contact.email} was deleted from your contacts.`}
        actions={
          <Form method="post" action="/app/feedback?tab=request" className="inline-form" preventScrollReset replace>
            <input type="hidden" name="intent" value="restore-contact" />
            <input type="hidden" name="email" value={contact.email} />
            <input type="hidden" name="lastAskedAt" value={contact.lastAskedAt ?? ''} />
            <button type="submit" className="button small secondary">
              Undo
            </button>
          </Form>
        }
      />
    </FocusOnMount>
  );
}

function ContactRestored({ email }: { email: string }) {
  return (
    <FocusOnMount className="contact-status">
      <Toast title={`${email} is back in your contacts.`} />
    </FocusOnMount>
  );
}
