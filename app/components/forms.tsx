import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type FormMetadata, type SubmissionResult } from '@conform-to/react';
import { Form, type FormProps } from '@remix-run/react';
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';

/**
 * The one form setup and the one accessible field set (docs/decisions/141). Every form:
 *
 *   const [form, fields] = useLedaForm<z.input<typeof schema>>({ lastResult, constraint });
 *   <LedaForm form={form} method="post"> <Field meta={fields.email} … /> </LedaForm>
 *
 * The zod schema validates on the server only; the browser gets its conform constraint
 * (required, maxLength, pattern…) from the loader (`formConstraint(schema)` in
 * ~/utils/form.server), so no page ships zod. Field, TextAreaField, SelectField and
 * CheckboxField wire aria-invalid and aria-describedby the same way, and after a failed submit
 * the first error gets autoFocus, so focus lands on it also when the page was re-rendered by the
 * server (JavaScript off).
 */
type AnyMeta = FieldMetadata<any, any, string[]>;
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]['constraint']>;

export function useLedaForm<Schema extends Record<string, any>>({
  id,
  lastResult,
  constraint,
  defaultValue,
}: {
  id?: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  constraint: FormConstraint | undefined;
  defaultValue?: Parameters<typeof useForm<Schema>>[0]['defaultValue'];
}) {
  return useForm<Schema>({ id, lastResult: useResetAfterSuccess(lastResult), constraint, defaultValue, shouldValidate: 'onSubmit', shouldRevalidate: 'onSubmit' });
}

type AnyResult = SubmissionResult<string[]>;

/**
 * A save that succeeds redirects, so the action's result goes back to undefined, and conform alone
 * would keep showing the errors of the failed try before it. When a result goes away, this hands
 * conform one reset result ({ initialValue: null }): errors are cleared and the fields start again
 * from the (new) default values. Decision 330.
 */
function useResetAfterSuccess(lastResult: AnyResult | null | undefined): AnyResult | null | undefined {
  const seen = useRef<AnyResult | null>(null);
  const reset = useRef<AnyResult | null>(null);
  if (lastResult) {
    seen.current = lastResult;
    reset.current = null;
  } else if (seen.current) {
    seen.current = null;
    reset.current = { initialValue: null };
  }
  return lastResult ?? reset.current;
}

/** The name of the error to focus: the form-level error first (it sits on top), else the first field in error. */
const FirstError = createContext<string | null>(null);
const FORM_LEVEL = '';

function firstErrorOf(form: FormMetadata<any, string[]>): string | null {
  if (form.errors?.length) return FORM_LEVEL;
  const all = form.allErrors as Record<string, string[] | undefined>;
  return Object.keys(all).find((name) => name !== FORM_LEVEL && all[name]?.length) ?? null;
}

/** Remix's <Form> with conform's form props, and the first error marked for focus. */
export function LedaForm({ form, children, ...props }: { form: FormMetadata<any, string[]>; children: ReactNode } & Omit<FormProps, 'id' | 'onSubmit' | 'noValidate'>) {
  return (
    <FirstError.Provider value={firstErrorOf(form)}>
      <Form {...props} {...getFormProps(form)}>
        {children}
      </Form>
    </FirstError.Provider>
  );
}

const useFocusFirst = (name: string) => useContext(FirstError) === name || undefined;

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="field-errors" role="alert">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
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
  meta: AnyMeta;
  type?: InputType;
  autoComplete?: string;
  placeholder?: string;
  hint?: ReactNode;
  className?: string;
}) {
  const props = getInputProps(meta, { type, ariaDescribedBy: hint ? `${meta.id}-hint` : undefined });
  const autoFocus = useFocusFirst(meta.name);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={meta.id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${meta.id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input {...props} key={props.key} autoComplete={autoComplete} placeholder={placeholder} autoFocus={autoFocus} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function TextAreaField({ label, meta, rows = 5 }: { label: ReactNode; meta: AnyMeta; rows?: number }) {
  const autoFocus = useFocusFirst(meta.name);
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
        autoFocus={autoFocus}
      />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function SelectField({ label, meta, options }: { label: ReactNode; meta: AnyMeta; options: readonly { value: string; label: string }[] }) {
  const props = getSelectProps(meta);
  const autoFocus = useFocusFirst(meta.name);
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select {...props} key={props.key} autoFocus={autoFocus}>
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

export function CheckboxField({ label, meta }: { label: ReactNode; meta: AnyMeta }) {
  const autoFocus = useFocusFirst(meta.name);
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
        autoFocus={autoFocus}
      />
      <label htmlFor={meta.id}>{label}</label>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** The form-level error (a domain failure such as a wrong password); focused first after a failed submit. */
export function FormError({ id, errors }: { id?: string; errors?: string[] | null }) {
  const autoFocus = useFocusFirst(FORM_LEVEL);
  const ref = useRef<HTMLDivElement>(null);
  // autofocus covers the server's render (JavaScript off); React focuses only form controls on
  // mount, so after a client-side submit the effect moves focus here.
  const message = errors?.join('\n');
  useEffect(() => {
    if (autoFocus && message) ref.current?.focus();
  }, [autoFocus, message]);
  if (!errors?.length) return null;
  return (
    <div ref={ref} id={id} className="form-error" role="alert" tabIndex={-1} autoFocus={autoFocus}>
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}
