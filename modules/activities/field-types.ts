import { z } from 'zod';

/**
 * The one registry of the 11 task field types (learner-app s.3, admin-console s.3). Each entry holds
 * its value schema (built per field, since min, max and options belong to the field), and its editor
 * settings (what the admin activity editor offers for it). The input component and the read-only
 * view of each type live beside it in app/components/activities/task-field.tsx, keyed by the same
 * numbers. Browser-safe: no server imports (HtmlEditor sanitising and FileUpload storage are applied
 * by the server after this schema, in modules/activities/answers.server.ts).
 */
export * from './constants';
import { FIELD_TYPES, FieldType, TIME, DATETIME, TIME_STEP_MINUTES, formatTime12, isFieldType, isRealDate, parseStoredFile, type Answer, type FieldShape, type RawAnswer } from './constants';

const quarter = (minutes: string) => Number(minutes) % TIME_STEP_MINUTES === 0;
const intOr = (v: string | null, fallback: number) => (v != null && /^\d+$/.test(v) ? Number(v) : fallback);

/**
 * The value schema of one field: takes a RawAnswer, gives the Answer to store or issues whose
 * message names the field ('Start date: pick a date on or after 2026-01-01'). An empty value is
 * always allowed (a task may be saved half-done); a value that is there must fit its type.
 */
export function fieldValueSchema(field: FieldShape): z.ZodType<Answer, RawAnswer> {
  const label = field.label || 'This field';
  const fail = (ctx: z.RefinementCtx, message: string) => {
    ctx.addIssue({ code: 'custom', message: `${label}: ${message}` });
    return z.NEVER;
  };
  const entry = isFieldType(field.type) ? FIELD_TYPES[field.type] : undefined;
  return z.custom<RawAnswer>().transform((raw, ctx): Answer => {
    if (!entry) return fail(ctx, 'unknown field type.');
    const value = raw.value == null ? '' : raw.value;
    const selected = raw.selected;
    if (!entry.settings.options && selected.length) return fail(ctx, 'this field has no options.');
    if (entry.settings.options) {
      const own = new Set(field.optionIds);
      if (selected.some((id) => !own.has(id))) return fail(ctx, 'that option does not belong to this field.');
      if (new Set(selected).size !== selected.length) return fail(ctx, 'an option was chosen twice.');
      if (field.type !== FieldType.CheckboxGroup && selected.length > 1) return fail(ctx, 'choose one option.');
      if (field.type === FieldType.CheckboxGroup) {
        const max = intOr(field.max, Infinity);
        if (selected.length > max) return fail(ctx, `choose at most ${max}.`);
      }
      return { value: null, selected };
    }
    if (value === '') return { value: null, selected: [] };
    switch (field.type) {
      case FieldType.Text:
      case FieldType.Textarea:
      case FieldType.HtmlEditor: {
        const text = field.type === FieldType.HtmlEditor ? value : value.replace(/\r\n/g, '\n');
        const max = intOr(field.max, entry.defaultMax ?? 1000);
        const min = intOr(field.min, 0);
        if (text.length > max) return fail(ctx, `too long (max ${max} characters).`);
        if (field.type !== FieldType.HtmlEditor && text.trim().length < min) return fail(ctx, `write at least ${min} characters.`);
        return { value: text, selected: [] };
      }
      case FieldType.DateField: {
        if (!isRealDate(value)) return fail(ctx, 'enter a date as YYYY-MM-DD.');
        if (field.min && value < field.min) return fail(ctx, `pick a date on or after ${field.min}.`);
        if (field.max && value > field.max) return fail(ctx, `pick a date on or before ${field.max}.`);
        return { value, selected: [] };
      }
      case FieldType.TimeField: {
        const m = TIME.exec(value);
        if (!m) return fail(ctx, 'enter a time as HH:MM.');
        if (!quarter(m[2]!)) return fail(ctx, 'pick a time in 15-minute steps.');
        if (field.min && value < field.min) return fail(ctx, `pick a time at or after ${formatTime12(field.min)}.`);
        if (field.max && value > field.max) return fail(ctx, `pick a time at or before ${formatTime12(field.max)}.`);
        return { value, selected: [] };
      }
      case FieldType.DateTimeField: {
        const m = DATETIME.exec(value);
        if (!m || !isRealDate(m[1]!)) return fail(ctx, 'enter a date and time as YYYY-MM-DDTHH:MM.');
        if (!quarter(m[4]!)) return fail(ctx, 'pick a time in 15-minute steps.');
        if (field.min && value < field.min) return fail(ctx, `pick a date and time on or after ${field.min.replace('T', ' ')}.`);
        if (field.max && value > field.max) return fail(ctx, `pick a date and time on or before ${field.max.replace('T', ' ')}.`);
        return { value, selected: [] };
      }
      case FieldType.Checkbox: {
        if (value !== 'true' && value !== 'false') return fail(ctx, 'must be checked or not (true or false).');
        return { value, selected: [] };
      }
      case FieldType.FileUpload: {
        // The stored descriptor is written by the server after checking the file's bytes.
        if (!parseStoredFile(value)) return fail(ctx, 'upload a file with the form.');
        return { value, selected: [] };
      }
      default:
        return fail(ctx, 'unknown field type.');
    }
  });
}

