import type { FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';
import { HONEYPOT_FIELD } from '@modules/admin/constants';
import { Field } from './forms';

/**
 * Pieces shared by the public forms: the honeypot (a field people never see or fill), the
 * thank-you that replaces a form once it is sent, and the name and work email fields.
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
