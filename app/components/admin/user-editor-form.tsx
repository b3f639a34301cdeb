import { useFetcher } from '@remix-run/react';
import type { SubmissionResult } from '@conform-to/react';
import { useEffect, useRef } from 'react';
import { CheckboxField, Field, FormError, LedaForm, SelectField, useLedaForm, type FormConstraint } from '~/components/forms';
import { useModalFocus } from '~/components/ui/focus';

/**
 * The admin user editor (admin-console s.3: email, first and last name, job title; creating may also
 * create an organisation with a licence). The same form is the /admin/user-editor page (JavaScript
 * off) and the 'Edit user' / 'Create new user' <dialog> of the user list (JavaScript on).
 */
export interface EditableUser {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
}

const LICENSES = [
  { value: '', label: 'None' },
  { value: '1', label: 'Trial' },
  { value: '2', label: 'Full' },
  { value: '3', label: 'Student' },
] as const;

export const userEditorTitle = (user: EditableUser | null) => (user ? 'Edit user' : 'Create new user');
export const userEditorPath = (user: Pick<EditableUser, 'userId'> | null) => (user ? `/admin/user-editor/${user.userId}` : '/admin/user-editor');

export function UserEditorFields({
  user,
  constraint,
  lastResult,
  returnTo,
  formId,
  Wrapper,
}: {
  user: EditableUser | null;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | null | undefined;
  returnTo: string;
  formId: string;
  Wrapper?: 'fetcher';
}) {
  const fetcher = useFetcher({ key: formId });
  const [form, fields] = useLedaForm<Record<string, string>>({
    id: formId,
    lastResult: Wrapper === 'fetcher' ? (fetcher.data as SubmissionResult<string[]> | undefined) : lastResult,
    constraint,
    defaultValue: user ? { email: user.email, firstName: user.firstName, lastName: user.lastName, jobTitle: user.jobTitle ?? '' } : {},
  });
  const body = (
    <>
      <FormError id={form.errorId} errors={form.errors} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <Field label="Email" meta={fields.email!} type="email" autoComplete="off" />
      <Field label="First name" meta={fields.firstName!} autoComplete="off" />
      <Field label="Last name" meta={fields.lastName!} autoComplete="off" />
      <Field label="Job title (optional)" meta={fields.jobTitle!} autoComplete="off" />
      {user ? null : (
        <fieldset className="admin-fieldset">
          <legend>New organisation (optional)</legend>
          <Field label="Organisation name" meta={fields.organisationName!} hint="Fill in to create an organisation for this user." />
          <SelectField label="Licence type" meta={fields.organisationLicenseType!} options={LICENSES} />
          <CheckboxField label="Make this user the organisation admin" meta={fields.isAdmin!} />
        </fieldset>
      )}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={fetcher.state === 'submitting'}>
          Save user
        </button>
      </div>
    </>
  );
  if (Wrapper === 'fetcher') {
    return (
      <LedaForm form={form} method="post" action={userEditorPath(user)} navigate={false} fetcherKey={formId}>
        {body}
      </LedaForm>
    );
  }
  return (
    <LedaForm form={form} method="post" action={userEditorPath(user)}>
      {body}
    </LedaForm>
  );
}

/** The user list's modal editor: a native <dialog> opened by the row's 'Edit user' link (JavaScript on). */
export function UserEditorDialog({
  user,
  constraint,
  returnTo,
  onClose,
}: {
  user: EditableUser | null;
  constraint: FormConstraint;
  returnTo: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useModalFocus(ref);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const title = userEditorTitle(user);
  return (
    <dialog ref={ref} className="ui-dialog" aria-labelledby="user-editor-title" onClose={onClose}>
      <div className="ui-dialog-head">
        <h2 id="user-editor-title">{title}</h2>
        <button type="button" className="ui-dialog-close" aria-label={`Close ${title}`} onClick={() => ref.current?.close()}>
          ×
        </button>
      </div>
      <div className="ui-dialog-body">
        <UserEditorFields user={user} constraint={constraint} lastResult={null} returnTo={returnTo} formId={`user-dialog-${user?.userId ?? 'new'}`} Wrapper="fetcher" />
      </div>
    </dialog>
  );
}
