import { getInputProps, type FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';

/**
 * The one Field / ErrorList pair: every form uses it, so aria-invalid, aria-describedby and
 * error wording are decided once. Works as plain HTML (JavaScript off) and with conform.
 */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-errors" role="alert">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

type InputType = 'text' | 'email' | 'password' | 'tel' | 'url' | 'date' | 'time' | 'number' | 'search';

export function Field({
  label,
  meta,
  type = 'text',
  autoComplete,
  placeholder,
  hint,
  className,
}: {
  label: ReactNode;
   
  meta: FieldMetadata<any, any, string[]>;
  type?: InputType;
  autoComplete?: string;
  placeholder?: string;
  hint?: ReactNode;
  className?: string;
}) {
  const props = getInputProps(meta, { type, ariaDescribedBy: hint ? `${meta.id}-hint` : undefined });
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={meta.id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${meta.id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input {...props} key={props.key} autoComplete={autoComplete} placeholder={placeholder} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function TextAreaField({ label, meta, rows = 5 }: { label: ReactNode; meta: FieldMetadata<any, any, string[]>; rows?: number }) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <textarea
        id={meta.id}
        name={meta.name}
        defaultValue={meta.initialValue as string | undefined}
        rows={rows}
        aria-invalid={meta.errors?.length ? true : undefined}
        aria-describedby={meta.errors?.length ? meta.errorId : undefined}
        required={meta.required}
        maxLength={meta.maxLength}
      />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function CheckboxField({ label, meta }: { label: ReactNode; meta: FieldMetadata<any, any, string[]> }) {
  return (
    <div className="field checkbox">
      <input
        type="checkbox"
        id={meta.id}
        name={meta.name}
        defaultChecked={meta.initialValue === 'on' || meta.initialValue === 'true'}
        aria-invalid={meta.errors?.length ? true : undefined}
        aria-describedby={meta.errors?.length ? meta.errorId : undefined}
        required={meta.required}
      />
      <label htmlFor={meta.id}>{label}</label>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** The form-level error (a domain failure such as a wrong password). */
export function FormError({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-error" role="alert">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}
