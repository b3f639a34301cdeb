import type { ReactNode } from 'react';
import { Form, useFetcher } from '@remix-run/react';
import { Link } from '~/components/link';
import { Badge, EmptyState } from '~/components/ui';

/** The members table (admin-console: Team editor MEMBERS). */
export interface MemberRow {
  teamUserId: number;
  userId: number;
  fullName: string;
  email: string;
  isTeamAdmin: boolean;
  isPasswordNonNull: boolean;
}

export const WELCOME_FORM_ID = 'welcome-emails-form';
export const ACTION_ERROR = 'An error occurred. Your changes may not be saved.';

export function PasswordDot({ has }: { has: boolean }) {
  return (
    <>
      <span className={has ? 'te-dot' : 'te-dot none'} aria-hidden="true" />
      <span className="visually-hidden">{has ? 'Has a password. ' : 'No password yet. '}</span>
    </>
  );
}

/**
 * Team admin on or off, saved at once; with JS the screen shows the new value before the server answers.
 * The state ("Admin" / "Member") is text in the cell; the button names the action ("Make admin" /
 * "Remove admin") and whom it is for, so neither sighted nor screen-reader users read a state as a verb.
 */
export function AdminToggle({ member }: { member: MemberRow }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const pending = fetcher.formData?.get('isTeamAdmin');
  // Optimistic while sending; after a failure the server's value (the loader) shows again.
  const isAdmin = pending === 'true' ? true : pending === 'false' ? false : member.isTeamAdmin;
  const failed = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok;
  return (
    <fetcher.Form method="post" action="?index" className="te-admin-toggle">
      <input type="hidden" name="intent" value="toggleAdmin" />
      <input type="hidden" name="teamUserId" value={member.teamUserId} />
      <input type="hidden" name="isTeamAdmin" value={isAdmin ? 'false' : 'true'} />
      <span className="te-role" aria-live="polite">
        <Badge tone={isAdmin ? 'brand' : 'neutral'}>{isAdmin ? 'Admin' : 'Member'}</Badge>
      </span>{' '}
      <button
        type="submit"
        className="button small"
        aria-label={isAdmin ? `Remove admin: ${member.fullName} becomes a member` : `Make admin: ${member.fullName} becomes a team admin`}
      >
        {isAdmin ? 'Remove admin' : 'Make admin'}
      </button>
      {failed ? (
        <span className="te-inline-error" role="alert">
          {ACTION_ERROR}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

export function MembersTable({ members, selected }: { members: MemberRow[]; selected: Set<number> }) {
  if (!members.length) return <EmptyState title="No records to display.">Add people by email or import them by CSV.</EmptyState>;
  return (
    <table className="te-table card-table">
      <caption className="visually-hidden">Team members</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Choose for welcome emails</span>
          </th>
          <th scope="col">Name</th>
          <th scope="col">Email</th>
          <th scope="col">Team admin</th>
          <th scope="col">
            <span className="visually-hidden">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {members.map((m) => (
          <tr key={m.teamUserId} className={m.isPasswordNonNull ? undefined : 'te-member-none'}>
            <td data-label="Welcome email">
              <input
                type="checkbox"
                form={WELCOME_FORM_ID}
                name="userId"
                value={m.userId}
                defaultChecked={selected.has(m.userId)}
                aria-label={`Choose ${m.fullName} for welcome emails`}
              />
            </td>
            <td data-label="Name">
              <span>
                <PasswordDot has={m.isPasswordNonNull} />
                {m.fullName}
              </span>
            </td>
            <td data-label="Email">{m.email}</td>
            <td data-label="Team admin">
              <AdminToggle member={m} />
            </td>
            <td className="row-actions">
              <Link to={`?remove=${m.teamUserId}`} className="button small danger" aria-label={`Remove ${m.fullName} from the team`}>
                Remove
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A confirmation (works without JS: the question is a page state in the URL, the answer a POST). */
export function Confirm({
  title,
  children,
  intent,
  hidden,
  confirmLabel,
  cancelTo,
}: {
  title: string;
  children?: ReactNode;
  intent: string;
  hidden: Record<string, string | string[]>;
  confirmLabel: string;
  cancelTo: string;
}) {
  return (
    <section className="ui-dialog te-confirm" role="alertdialog" aria-labelledby="te-confirm-title">
      <div className="ui-dialog-head">
        <h2 id="te-confirm-title">{title}</h2>
        <Link to={cancelTo} className="ui-dialog-close" aria-label={`Close ${title}`}>
          ×
        </Link>
      </div>
      <div className="ui-dialog-body">{children}</div>
      <Form method="post" action="?index" className="ui-dialog-foot">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hidden).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => <input key={`${k}-${x}`} type="hidden" name={k} value={x} />))}
        <Link to={cancelTo} className="button">
          Cancel
        </Link>
        <button type="submit" className="button primary" autoFocus>
          {confirmLabel}
        </button>
      </Form>
    </section>
  );
}
