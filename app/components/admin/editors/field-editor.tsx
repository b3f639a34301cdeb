import { FIELD_TYPES, FIELD_TYPE_IDS } from '@modules/activities/constants';
import { fieldInputName, optionName, typeSettings, type DraftField } from './activity-draft';

/**
 * One task field in the activity editor: its type, label, and the settings its type takes
 * (placeholder, options, min and max, help), with move and remove buttons. Every input posts under
 * tasks.<t>.fields.<f>.*; buttons post an intent (handled in the browser when JavaScript runs).
 */
export const BOUND_HINTS = {
  length: 'A number of characters (e.g. 500)',
  count: 'A number of choices (e.g. 2)',
  date: 'A date as YYYY-MM-DD',
  time: 'A time as HH:MM',
  datetime: 'A date and time as YYYY-MM-DDTHH:MM',
} as const;

const TYPE_LABELS: Record<string, string> = {
  Text: 'Text',
  Textarea: 'Text area',
  CheckboxGroup: 'Checkbox group',
  RadioButtons: 'Radio buttons',
  DateField: 'Date',
  Dropdown: 'Dropdown',
  Checkbox: 'Checkbox',
  TimeField: 'Time',
  DateTimeField: 'Date and time',
  HtmlEditor: 'Rich text',
  FileUpload: 'File upload',
};
export const typeLabel = (type: number) => TYPE_LABELS[FIELD_TYPES[type as 1]?.name ?? ''] ?? 'Field';

export type Errors = Record<string, string>;
/** A button posting an intent: its visible text, then (for screen readers) which item it acts on. */
export type IntentButton = (props: { intent: string; text: string; context?: string; className?: string; disabled?: boolean }) => JSX.Element;

export function TextInput({
  name,
  label,
  value,
  onChange,
  errors,
  maxLength,
  hint,
  required,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  errors: Errors;
  maxLength?: number;
  hint?: string;
  required?: boolean;
}) {
  const id = `ae-${name.replace(/\./g, '-')}`;
  const error = errors[name];
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)} maxLength={maxLength} aria-invalid={error ? true : undefined} aria-describedby={describedBy} required={required} />
      {error ? (
        <p className="field-errors" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FieldEditor({
  field,
  ti,
  fi,
  count,
  errors,
  onChange,
  Button,
}: {
  field: DraftField;
  ti: number;
  fi: number;
  count: number;
  errors: Errors;
  onChange: (f: DraftField) => void;
  Button: IntentButton;
}) {
  const s = typeSettings(field.type);
  const n = (key: keyof DraftField) => fieldInputName(ti, fi, key);
  const typeId = `ae-${n('type').replace(/\./g, '-')}`;
  const helpId = `ae-${n('htmlHelp').replace(/\./g, '-')}`;
  const where = `field ${fi + 1} of task ${ti + 1}`;
  return (
    <fieldset className="ae-field">
      <legend>
        Field {fi + 1}: {typeLabel(field.type)}
      </legend>
      <input type="hidden" name={n('k')} value={field.k} />
      <div className="field">
        <label htmlFor={typeId}>Field type</label>
        <select id={typeId} name={n('type')} value={field.type} onChange={(e) => onChange({ ...field, type: Number(e.target.value) })}>
          {FIELD_TYPE_IDS.map((t) => (
            <option key={t} value={t}>
              {typeLabel(t)}
            </option>
          ))}
        </select>
      </div>
      <TextInput name={n('label')} label="Label" value={field.label} onChange={(label) => onChange({ ...field, label })} errors={errors} maxLength={250} />
      {s.placeholder ? <TextInput name={n('placeholder')} label="Placeholder" value={field.placeholder} onChange={(placeholder) => onChange({ ...field, placeholder })} errors={errors} maxLength={250} /> : null}
      {s.bounds ? (
        <div className="ae-bounds">
          <TextInput name={n('min')} label="Min" value={field.min} onChange={(min) => onChange({ ...field, min })} errors={errors} maxLength={50} hint={BOUND_HINTS[s.bounds]} />
          <TextInput name={n('max')} label="Max" value={field.max} onChange={(max) => onChange({ ...field, max })} errors={errors} maxLength={50} hint={BOUND_HINTS[s.bounds]} />
        </div>
      ) : null}
      {s.options ? (
        <fieldset className="ae-options" aria-describedby={errors[n('options')] ? `ae-${n('options').replace(/\./g, '-')}-error` : undefined}>
          <legend>Options</legend>
          {field.options.map((o, oi) => (
            <div key={o.k} className="ae-option">
              <input type="hidden" name={optionName(ti, fi, oi, 'k')} value={o.k} />
              <TextInput
                name={optionName(ti, fi, oi, 'label')}
                label={`Option ${oi + 1}`}
                value={o.label}
                onChange={(label) => onChange({ ...field, options: field.options.map((x, i) => (i === oi ? { ...x, label } : x)) })}
                errors={errors}
                maxLength={250}
              />
              <Button intent={`removeOption:${ti}:${fi}:${oi}`} text="Remove" context={`option ${oi + 1} of ${where}`} className="danger" />
            </div>
          ))}
          {errors[n('options')] ? (
            <p className="field-errors" id={`ae-${n('options').replace(/\./g, '-')}-error`} role="alert">
              {errors[n('options')]}
            </p>
          ) : null}
          <Button intent={`addOption:${ti}:${fi}`} text="Add option" context={`to ${where}`} />
        </fieldset>
      ) : null}
      <div className="field">
        <label htmlFor={helpId}>Help (HTML, optional)</label>
        <textarea id={helpId} name={n('htmlHelp')} rows={2} value={field.htmlHelp} onChange={(e) => onChange({ ...field, htmlHelp: e.target.value })} maxLength={10_000} />
      </div>
      <div className="ae-actions">
        <Button intent={`moveField:${ti}:${fi}:up`} text="Move up" context={where} disabled={fi === 0} />
        <Button intent={`moveField:${ti}:${fi}:down`} text="Move down" context={where} disabled={fi === count - 1} />
        <Button intent={`removeField:${ti}:${fi}`} text="Remove field" context={`${fi + 1} of task ${ti + 1}`} className="danger" />
      </div>
    </fieldset>
  );
}
