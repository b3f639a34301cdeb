import { getSelectProps, type FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';
import { HONEYPOT_FIELD } from '@modules/admin/schemas';
import { ErrorList, Field } from './forms';

/**
 * Pieces shared by the public forms: the honeypot (a field people never see or fill), the
 * thank-you that replaces a form once it is sent, the name and work email fields, and a select
 * wired like Field.
 */
export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={`${HONEYPOT_FIELD}-hp`}>Leave this field empty</label>
      <input id={`${HONEYPOT_FIELD}-hp`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function ThankYou({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="thank-you" role="status" aria-live="polite">
      <span className="thank-you-icon" aria-hidden="true">
        ✓
      </span>
      <h2>{title}</h2>
      {children}
    </div>
  );
}

export function SelectField({
  label,
  meta,
  options,
}: {
  label: ReactNode;
  meta: FieldMetadata<any, any, string[]>;
  options: readonly { value: string; label: string }[];
}) {
  const props = getSelectProps(meta);
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select {...props} key={props.key}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

type Meta = FieldMetadata<any, any, string[]>;

/** First and last name side by side, then the work email: how every public form asks who you are. */
export function PersonFields({ fields }: { fields: { firstName: Meta; lastName: Meta; email: Meta } }) {
  return (
    <>
      <div className="field-row">
        <Field label="First name" meta={fields.firstName} autoComplete="given-name" />
        <Field label="Last name" meta={fields.lastName} autoComplete="family-name" />
      </div>
      <Field label="Work email" meta={fields.email} type="email" autoComplete="email" />
    </>
  );
}
