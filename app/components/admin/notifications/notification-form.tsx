import type { SubmissionResult } from '@conform-to/react';
import { useNavigation } from '@remix-run/react';
import { Field, FormError, LedaForm, SelectField, TextAreaField, useLedaForm, type FormConstraint } from '~/components/forms';

/**
 * The admin notification forms (decision 128): send an announcement (title, message, link and who
 * receives it) or correct a sent notification's wording. Plain POSTs: they work without JavaScript.
 */
export interface NotificationTextValues {
  title: string;
  message: string;
  link: string | null;
}

const AUDIENCES = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'organisation', label: 'One organisation (enter its id)' },
  { value: 'team', label: 'One team (enter its id)' },
] as const;

export function NotificationForm({
  id,
  action,
  values,
  constraint,
  lastResult,
  withAudience,
  submitLabel,
}: {
  id: string;
  action: string;
  values: NotificationTextValues;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | null | undefined;
  withAudience: boolean;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useLedaForm<Record<string, string>>({
    id,
    lastResult,
    constraint,
    defaultValue: { title: values.title, message: values.message, link: values.link ?? '', audience: 'everyone', audienceId: '' },
  });
  return (
    <LedaForm form={form} method="post" action={action} className="admin-subform">
      <FormError id={form.errorId} errors={form.errors} />
      <Field label="Title" meta={fields.title!} autoComplete="off" />
      <TextAreaField label="Message (optional)" meta={fields.message!} rows={4} />
      <Field label="Link (optional)" hint="A path on this site such as /app/team, or an https:// address." meta={fields.link!} autoComplete="off" />
      {withAudience ? (
        <>
          <SelectField label="Who receives it" meta={fields.audience!} options={AUDIENCES} />
          <Field label="Organisation or team id" hint="Not needed for everyone." meta={fields.audienceId!} autoComplete="off" />
        </>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={navigation.state === 'submitting'}>
          {submitLabel}
        </button>
      </div>
    </LedaForm>
  );
}
