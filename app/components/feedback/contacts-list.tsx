import { Form } from '@remix-run/react';
import { When } from '~/components/when';

export interface ContactRow {
  userContactId: number;
  email: string;
  lastFeedbackRequestAt: string | null;
  /** 'Wait' plus the time left, while the contact may not be asked again (learner-app 4). */
  wait: string | null;
}

/** The contacts asked for feedback: ask again (disabled, 'Wait …', within 2 weeks) and delete. Plain forms. */
export function ContactsList({ contacts, errors }: { contacts: ContactRow[]; errors: Record<number, string> }) {
  if (!contacts.length) return <p className="empty-message">You have not asked anyone yet. Their email addresses will be listed here.</p>;
  return (
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
          <tr key={c.userContactId}>
            <td className="contact-email">{c.email}</td>
            <td>{c.lastFeedbackRequestAt ? <When value={c.lastFeedbackRequestAt} /> : 'Not yet'}</td>
            <td className="contact-actions">
              <Form method="post" className="inline-form">
                <input type="hidden" name="userContactId" value={c.userContactId} />
                <button type="submit" name="intent" value="re-request" className="button small" disabled={c.wait !== null} aria-label={c.wait ? `${c.wait} before asking ${c.email} again` : `Ask again: ${c.email}`}>
                  {c.wait ?? 'Ask again'}
                </button>{' '}
                <button type="submit" name="intent" value="delete" className="button small danger" aria-label={`Delete ${c.email}`}>
                  Delete
                </button>
              </Form>
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
  );
}
