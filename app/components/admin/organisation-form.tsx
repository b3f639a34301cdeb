import type { SubmissionResult } from '@conform-to/react';
import { useNavigation } from '@remix-run/react';
import { CheckboxField, Field, FormError, LedaForm, SelectField, TextAreaField, useLedaForm, type FormConstraint } from '~/components/forms';
import { Card } from '~/components/ui';
import { isoDay } from './people';

/** The organisation form of the creator and the editor (admin-console s.2, s.3, s.5). */
export interface OrganisationFormValues {
  name: string;
  licenseType: number | null;
  licenseExpiredAt: Date | string | null;
  licenseNotes: string | null;
  isPrivateUsers: boolean;
}

const LICENSES = [
  { value: '', label: 'None' },
  { value: '1', label: 'Trial' },
  { value: '2', label: 'Full' },
  { value: '3', label: 'Student' },
] as const;

export function OrganisationForm({
  id,
  action,
  values,
  constraint,
  lastResult,
  submitLabel,
}: {
  id: string;
  action: string;
  values: OrganisationFormValues;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | null | undefined;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useLedaForm<Record<string, string>>({
    id,
    lastResult,
    constraint,
    defaultValue: {
      name: values.name,
      licenseType: values.licenseType ? String(values.licenseType) : '',
      licenseExpiredAt: isoDay(values.licenseExpiredAt),
      licenseNotes: values.licenseNotes ?? '',
      isPrivateUsers: values.isPrivateUsers ? 'on' : '',
    },
  });
  return (
    <Card className="admin-form-card">
    <LedaForm form={form} method="post" action={action} className="admin-subform">
      <FormError id={form.errorId} errors={form.errors} />
      <Field label="Organisation name" meta={fields.name!} autoComplete="off" />
      <SelectField label="Licence type" meta={fields.licenseType!} options={LICENSES} />
      <Field label="Licence expiry (empty = unlimited)" meta={fields.licenseExpiredAt!} type="date" />
      <TextAreaField label="Licence notes (optional)" meta={fields.licenseNotes!} rows={3} />
      <CheckboxField label="Private users (members do not see each other's profiles)" meta={fields.isPrivateUsers!} />
      <button type="submit" className="button primary" disabled={navigation.state === 'submitting'}>
        {submitLabel}
      </button>
    </LedaForm>
    </Card>
  );
}
