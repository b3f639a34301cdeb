/**
 * The field-type registry's plain part (no zod, so the browser bundle stays small): the 11 type
 * numbers, each type's editor settings, the upload limits and the time-picker helpers. The value
 * schemas are in field-types.ts; the input and read-only components in
 * app/components/activities/task-field.tsx.
 */
export const FieldType = {
  Text: 1,
  Textarea: 2,
  CheckboxGroup: 3,
  RadioButtons: 4,
  DateField: 5,
  Dropdown: 6,
  Checkbox: 7,
  TimeField: 8,
  DateTimeField: 9,
  HtmlEditor: 10,
  FileUpload: 11,
} as const;
export type FieldTypeId = (typeof FieldType)[keyof typeof FieldType];
export const FIELD_TYPE_IDS = Object.values(FieldType) as FieldTypeId[];
export const isFieldType = (n: number): n is FieldTypeId => (FIELD_TYPE_IDS as number[]).includes(n);

/** What a field is, as the schema needs it (catalogue field or a learner's copy). */
export interface FieldShape {
  type: number;
  label: string;
  min: string | null;
  max: string | null;
  optionIds: readonly number[];
}

/** An answer before validation: a text value and the selected option ids (both forms and /api map to this). */
export interface RawAnswer {
  value: string | null;
  selected: number[];
}
export interface Answer {
  value: string | null;
  selected: number[];
}

/** What min and max mean for a type, for the admin editor and for validation. */
export type Bounds = 'length' | 'count' | 'date' | 'time' | 'datetime' | null;

export interface FieldTypeEntry {
  id: FieldTypeId;
  name: keyof typeof FieldType;
  /** Editor settings: which settings the activity editor shows for this type. */
  settings: { placeholder: boolean; options: boolean; bounds: Bounds };
  /** Default max when the field sets none (length types). */
  defaultMax?: number;
}

export const ALLOWED_UPLOAD_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'text/plain', 'text/csv'] as const;
export const UPLOAD_ACCEPT = '.pdf,.png,.jpg,.jpeg,.txt,.csv';
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const TIME_STEP_MINUTES = 15;

const entries: FieldTypeEntry[] = [
  { id: 1, name: 'Text', settings: { placeholder: true, options: false, bounds: 'length' }, defaultMax: 1000 },
  { id: 2, name: 'Textarea', settings: { placeholder: true, options: false, bounds: 'length' }, defaultMax: 10_000 },
  { id: 3, name: 'CheckboxGroup', settings: { placeholder: false, options: true, bounds: 'count' } },
  { id: 4, name: 'RadioButtons', settings: { placeholder: false, options: true, bounds: null } },
  { id: 5, name: 'DateField', settings: { placeholder: false, options: false, bounds: 'date' } },
  { id: 6, name: 'Dropdown', settings: { placeholder: true, options: true, bounds: null } },
  { id: 7, name: 'Checkbox', settings: { placeholder: false, options: false, bounds: null } },
  { id: 8, name: 'TimeField', settings: { placeholder: false, options: false, bounds: 'time' } },
  { id: 9, name: 'DateTimeField', settings: { placeholder: false, options: false, bounds: 'datetime' } },
  { id: 10, name: 'HtmlEditor', settings: { placeholder: true, options: false, bounds: 'length' }, defaultMax: 20_000 },
  { id: 11, name: 'FileUpload', settings: { placeholder: false, options: false, bounds: null } },
];
export const FIELD_TYPES: Readonly<Record<FieldTypeId, FieldTypeEntry>> = Object.fromEntries(entries.map((e) => [e.id, e])) as Record<FieldTypeId, FieldTypeEntry>;

export const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const DATETIME = /^(\d{4}-\d{2}-\d{2})T(([01]\d|2[0-3]):([0-5]\d))$/;

export function isRealDate(v: string) {
  if (!DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** '14:45' as '2:45 PM' (the 12-hour clock of the time pickers). */
export function formatTime12(v: string) {
  const m = TIME.exec(v);
  if (!m) return v;
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The 15-minute times a time picker offers, clamped to min and max ('HH:MM'). */
export function timeChoices(min: string | null, max: string | null): string[] {
  const out: string[] = [];
  for (let m = 0; m < 24 * 60; m += TIME_STEP_MINUTES) {
    const v = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    if (min && TIME.test(min) && v < min) continue;
    if (max && TIME.test(max) && v > max) continue;
    out.push(v);
  }
  return out;
}

/** A FileUpload field's stored value: the blob and the name the learner gave it. */
export interface StoredFile {
  blobId: string;
  fileName: string;
  contentType: string;
  byteSize: number;
}
export function parseStoredFile(value: string | null): StoredFile | null {
  if (!value) return null;
  try {
    const v = JSON.parse(value) as Partial<StoredFile>;
    const ok =
      typeof v.blobId === 'string' &&
      /^[A-Za-z0-9_-]{16,64}$/.test(v.blobId) &&
      typeof v.fileName === 'string' &&
      v.fileName.length > 0 &&
      v.fileName.length <= 250 &&
      (ALLOWED_UPLOAD_TYPES as readonly string[]).includes(v.contentType ?? '') &&
      Number.isInteger(v.byteSize) &&
      v.byteSize! >= 0 &&
      v.byteSize! <= MAX_UPLOAD_BYTES;
    return ok ? (v as StoredFile) : null;
  } catch {
    return null;
  }
}
