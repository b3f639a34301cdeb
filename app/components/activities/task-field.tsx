import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FieldType, formatTime12, parseStoredFile, timeChoices, UPLOAD_ACCEPT, type FieldTypeId } from '@modules/activities/constants';
import { formatShortDate } from '~/utils/dates';

/**
 * One field renderer for all 11 task field types (the input and the read-only view of each), keyed
 * by the registry's type numbers (modules/activities/field-types.ts). My Activities uses it, and the
 * admin activity editor's preview will. Every input is plain HTML that posts as a form without
 * JavaScript: field-<id> carries the value (option ids for option types, 'true' for a checkbox);
 * a date and time field adds field-<id>-time; a file field adds field-<id>-remove.
 */
export interface TaskFieldData {
  myActivityTaskFieldId: number;
  type: number;
  label: string;
  htmlHelp: string;
  placeholder: string;
  value: string | null;
  min: string | null;
  max: string | null;
  myActivityTaskFieldOptions: { myActivityTaskFieldOptionId: number; label: string; isSelected: boolean }[];
}

export const fieldName = (f: { myActivityTaskFieldId: number }) => `field-${f.myActivityTaskFieldId}`;

interface InputProps {
  field: TaskFieldData;
  id: string;
  describedBy?: string;
  /** Values the learner just posted (a failed save without JavaScript): shown instead of the stored ones. */
  posted?: Record<string, string[]>;
}

const postedOr = (p: InputProps, name: string, stored: string | null) => (p.posted ? (p.posted[name]?.[0] ?? '') : (stored ?? ''));
const selectedIds = (p: InputProps) =>
  p.posted ? new Set((p.posted[fieldName(p.field)] ?? []).map(Number)) : new Set(p.field.myActivityTaskFieldOptions.filter((o) => o.isSelected).map((o) => o.myActivityTaskFieldOptionId));

function TextInput(p: InputProps) {
  const max = Number(p.field.max) || 1000;
  return <input id={p.id} name={fieldName(p.field)} type="text" defaultValue={postedOr(p, fieldName(p.field), p.field.value)} placeholder={p.field.placeholder || undefined} maxLength={max} aria-describedby={p.describedBy} />;
}

function TextareaInput(p: InputProps) {
  return <textarea id={p.id} name={fieldName(p.field)} rows={4} defaultValue={postedOr(p, fieldName(p.field), p.field.value)} placeholder={p.field.placeholder || undefined} maxLength={Number(p.field.max) || 10_000} aria-describedby={p.describedBy} />;
}

function OptionsInput(p: InputProps & { multiple: boolean }) {
  const chosen = selectedIds(p);
  return (
    <div className="task-options" role="group" aria-labelledby={`${p.id}-label`} aria-describedby={p.describedBy}>
      {p.field.myActivityTaskFieldOptions.map((o) => {
        const optionId = `${p.id}-${o.myActivityTaskFieldOptionId}`;
        return (
          <label key={o.myActivityTaskFieldOptionId} htmlFor={optionId} className="task-option">
            <input id={optionId} type={p.multiple ? 'checkbox' : 'radio'} name={fieldName(p.field)} value={o.myActivityTaskFieldOptionId} defaultChecked={chosen.has(o.myActivityTaskFieldOptionId)} />
            {o.label}
          </label>
        );
      })}
    </div>
  );
}

function DropdownInput(p: InputProps) {
  const chosen = [...selectedIds(p)][0];
  return (
    <select id={p.id} name={fieldName(p.field)} defaultValue={chosen ? String(chosen) : ''} aria-describedby={p.describedBy}>
      <option value="">{p.field.placeholder || 'Choose…'}</option>
      {p.field.myActivityTaskFieldOptions.map((o) => (
        <option key={o.myActivityTaskFieldOptionId} value={o.myActivityTaskFieldOptionId}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

function DateInput(p: InputProps) {
  return <input id={p.id} name={fieldName(p.field)} type="date" defaultValue={postedOr(p, fieldName(p.field), p.field.value)} min={p.field.min ?? undefined} max={p.field.max ?? undefined} aria-describedby={p.describedBy} />;
}

/** A 12-hour clock in 15-minute steps, clamped to min and max (a select: the same with or without JavaScript). */
function TimeSelect({ id, name, value, min, max, describedBy, label }: { id: string; name: string; value: string; min: string | null; max: string | null; describedBy?: string; label?: string }) {
  const choices = timeChoices(min, max);
  return (
    <select id={id} name={name} defaultValue={value} aria-describedby={describedBy} aria-label={label}>
      <option value="">Choose a time</option>
      {value && !choices.includes(value) ? <option value={value}>{formatTime12(value)}</option> : null}
      {choices.map((t) => (
        <option key={t} value={t}>
          {formatTime12(t)}
        </option>
      ))}
    </select>
  );
}

function TimeInput(p: InputProps) {
  return <TimeSelect id={p.id} name={fieldName(p.field)} value={postedOr(p, fieldName(p.field), p.field.value)} min={p.field.min} max={p.field.max} describedBy={p.describedBy} />;
}

function DateTimeInput(p: InputProps) {
  const name = fieldName(p.field);
  const [storedDate, storedTime] = (p.field.value ?? '').split('T');
  const date = p.posted ? (p.posted[name]?.[0] ?? '') : (storedDate ?? '');
  const time = p.posted ? (p.posted[`${name}-time`]?.[0] ?? '') : (storedTime ?? '');
  const [minDate] = (p.field.min ?? '').split('T');
  const [maxDate] = (p.field.max ?? '').split('T');
  return (
    <div className="task-datetime">
      <input id={p.id} name={name} type="date" defaultValue={date} min={minDate || undefined} max={maxDate || undefined} aria-describedby={p.describedBy} />
      <TimeSelect id={`${p.id}-time`} name={`${name}-time`} value={time} min={null} max={null} label={`${p.field.label || 'Time'}: time`} describedBy={p.describedBy} />
    </div>
  );
}

function CheckboxInput(p: InputProps) {
  const checked = p.posted ? p.posted[fieldName(p.field)]?.[0] === 'true' : p.field.value === 'true';
  return <input id={p.id} name={fieldName(p.field)} type="checkbox" value="true" defaultChecked={checked} aria-describedby={p.describedBy} />;
}

/**
 * A rich-text editor that is a plain textarea without JavaScript; with it, a small editor (bold,
 * italic, list) writes its HTML into the same textarea, which the form posts. The server sanitises it.
 */
function HtmlEditorInput(p: InputProps) {
  const [enhanced, setEnhanced] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const editor = useRef<HTMLDivElement>(null);
  const initial = postedOr(p, fieldName(p.field), p.field.value);
  useEffect(() => setEnhanced(true), []);
  useEffect(() => {
    if (enhanced && editor.current && area.current) editor.current.innerHTML = area.current.value;
  }, [enhanced]);
  const sync = () => {
    if (!editor.current || !area.current) return;
    area.current.value = editor.current.innerHTML;
    area.current.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const command = (name: 'bold' | 'italic' | 'insertUnorderedList') => {
    editor.current?.focus();
    document.execCommand(name);
    sync();
  };
  return (
    <div className="task-html">
      {enhanced ? (
        <>
          <div className="task-html-toolbar" role="toolbar" aria-label={`${p.field.label || 'Text'} formatting`}>
            <button type="button" className="button small" onClick={() => command('bold')}>
              <strong>B</strong>
              <span className="visually-hidden"> bold</span>
            </button>
            <button type="button" className="button small" onClick={() => command('italic')}>
              <em>I</em>
              <span className="visually-hidden"> italic</span>
            </button>
            <button type="button" className="button small" onClick={() => command('insertUnorderedList')}>
              • list
            </button>
          </div>
          <div
            ref={editor}
            id={p.id}
            className="task-html-editor"
            contentEditable
            role="textbox"
            aria-multiline="true"
            aria-labelledby={`${p.id}-label`}
            aria-describedby={p.describedBy}
            data-placeholder={p.field.placeholder}
            onInput={sync}
            onBlur={sync}
            suppressContentEditableWarning
          />
        </>
      ) : null}
      <textarea ref={area} id={enhanced ? `${p.id}-source` : p.id} name={fieldName(p.field)} rows={6} defaultValue={initial} hidden={enhanced} placeholder={p.field.placeholder || undefined} aria-describedby={p.describedBy} />
    </div>
  );
}

function FileInput(p: InputProps) {
  const stored = parseStoredFile(p.field.value);
  return (
    <div className="task-file">
      {stored ? (
        <p>
          Current file: <a href={`/blobs/${stored.blobId}`}>{stored.fileName}</a>{' '}
          <label className="task-option">
            <input type="checkbox" name={`${fieldName(p.field)}-remove`} value="true" /> Remove
          </label>
        </p>
      ) : null}
      <input id={p.id} name={fieldName(p.field)} type="file" accept={UPLOAD_ACCEPT} aria-describedby={p.describedBy} />
    </div>
  );
}

/** Read-only answers: the text, the chosen options, dates as DD/MM/YY, times on the 12-hour clock. */
/** A calendar day YYYY-MM-DD as DD/MM/YY: a day, not an instant, so no time zone applies. */
const shortDate = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? formatShortDate(`${v}T00:00:00Z`) : v);
export function answerText(field: TaskFieldData): ReactNode | null {
  const v = field.value;
  switch (field.type) {
    case FieldType.CheckboxGroup:
    case FieldType.RadioButtons:
    case FieldType.Dropdown: {
      const chosen = field.myActivityTaskFieldOptions.filter((o) => o.isSelected).map((o) => o.label);
      return chosen.length ? chosen.join(', ') : null;
    }
    case FieldType.Checkbox:
      return v === 'true' ? 'Yes' : v === 'false' ? 'No' : null;
    case FieldType.DateField:
      return v ? shortDate(v) : null;
    case FieldType.TimeField:
      return v ? formatTime12(v) : null;
    case FieldType.DateTimeField: {
      if (!v) return null;
      const [d, t] = v.split('T');
      return `${shortDate(d ?? '')} ${formatTime12(t ?? '')}`;
    }
    case FieldType.HtmlEditor:
      // Sanitised by the server when it was saved.
      return v ? <div className="task-html-answer" dangerouslySetInnerHTML={{ __html: v }} /> : null;
    case FieldType.FileUpload: {
      const f = parseStoredFile(v);
      return f ? <a href={`/blobs/${f.blobId}`}>{f.fileName}</a> : null;
    }
    default:
      return v?.trim() ? v : null;
  }
}

type Input = (p: InputProps) => ReactNode;
/** The registry's input components, by type number. */
export const FIELD_INPUTS: Record<FieldTypeId, Input> = {
  1: TextInput,
  2: TextareaInput,
  3: (p) => <OptionsInput {...p} multiple />,
  4: (p) => <OptionsInput {...p} multiple={false} />,
  5: DateInput,
  6: DropdownInput,
  7: CheckboxInput,
  8: TimeInput,
  9: DateTimeInput,
  10: HtmlEditorInput,
  11: FileInput,
};

const GROUPED = new Set<number>([FieldType.CheckboxGroup, FieldType.RadioButtons]);

/** One field in an editable task form: label, help, input, and its error. */
export function TaskFieldInput({ field, error, posted }: { field: TaskFieldData; error?: string | null; posted?: Record<string, string[]> }) {
  const id = `task-field-${field.myActivityTaskFieldId}`;
  const Input = FIELD_INPUTS[field.type as FieldTypeId];
  const describedBy = [field.htmlHelp ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const label = field.label || 'Your answer';
  return (
    <div className={`field task-field task-field-${field.type}`}>
      {GROUPED.has(field.type) ? (
        <p className="field-label" id={`${id}-label`}>
          {label}
        </p>
      ) : (
        <label htmlFor={id} id={`${id}-label`}>
          {label}
        </label>
      )}
      {field.htmlHelp ? <div className="field-hint" id={`${id}-help`} dangerouslySetInnerHTML={{ __html: field.htmlHelp }} /> : null}
      {Input ? <Input field={field} id={id} describedBy={describedBy} posted={posted} /> : <p>This field cannot be shown.</p>}
      {error ? (
        <p className="field-errors" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One field's read-only answer ('No response provided.' when empty). */
export function TaskFieldView({ field }: { field: TaskFieldData }) {
  const text = answerText(field);
  return (
    <div className="task-answer">
      <dt>{field.label || 'Your answer'}</dt>
      <dd>{text ?? <span className="muted">No response provided.</span>}</dd>
    </div>
  );
}
