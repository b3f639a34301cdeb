import type { Transaction } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import { DomainError, putBlob, putUploadedBlob, type Database, type Db } from '@modules/shared/index.server';
import { ALLOWED_UPLOAD_TYPES, FieldType, MAX_UPLOAD_BYTES, fieldValueSchema, type Answer, type RawAnswer } from './field-types';
import { completeMyActivityTask, getMyActivity, lockTask, type CompleteResult, type MyActivity } from './my-activities.server';
import type { ApiFieldAnswer } from './schemas';

/**
 * Saving a task's answers: every value is checked against its field's type by the registry's schema
 * (a date is a date, an option belongs to its field, min and max hold), HtmlEditor values are
 * sanitised, FileUpload bytes are checked by content and stored; then all of it is written in one
 * transaction, or nothing is (any bad value answers 400 and saves nothing).
 */

/** One field's input: a raw answer, a new file, or (forms) the file kept as it is. */
export type FieldInput =
  | { fieldId: number; kind: 'answer'; raw: RawAnswer }
  | { fieldId: number; kind: 'file'; file: { name: string; bytes: Uint8Array } }
  | { fieldId: number; kind: 'keep' };

const HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'h3', 'h4', 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener', target: '_blank' }) },
};
export const sanitizeAnswerHtml = (html: string) => sanitizeHtml(html, HTML_OPTIONS).trim();

type Write = (trx: Transaction<Database>) => Promise<void>;

async function taskFields(db: Db, taskId: number) {
  const fields = await db.selectFrom('my_activity_task_fields').selectAll().where('my_activity_task_id', '=', taskId).orderBy('ordinal').execute();
  const options = fields.length
    ? await db.selectFrom('my_activity_task_field_options').select(['id', 'my_activity_task_field_id', 'is_selected']).where('my_activity_task_field_id', 'in', fields.map((f) => f.id)).execute()
    : [];
  return fields.map((f) => ({ ...f, options: options.filter((o) => o.my_activity_task_field_id === f.id) }));
}

/**
 * Validates and prepares the answers; returns the write to run in a transaction. Throws not_found
 * (another user's or a deleted activity), conflict (a task out of order) or invalid (bad values).
 */
export async function prepareAnswers(db: Db, userId: number, myActivityId: number, myActivityTaskId: number, inputs: FieldInput[]): Promise<Write> {
  await lockTask(db, userId, myActivityId, myActivityTaskId, false);
  const fields = await taskFields(db, myActivityTaskId);
  const byId = new Map(fields.map((f) => [f.id, f]));
  const problems: string[] = [];
  const answers: { fieldId: number; answer: Answer; hasOptions: boolean }[] = [];
  const seen = new Set<number>();
  for (const input of inputs) {
    const field = byId.get(input.fieldId);
    if (!field) throw new DomainError('invalid', `Field ${input.fieldId} is not part of this task.`);
    if (seen.has(input.fieldId)) throw new DomainError('invalid', `Field ${input.fieldId} is given twice.`);
    seen.add(input.fieldId);
    const label = field.label || 'This field';
    if (input.kind === 'keep') continue;
    if (input.kind === 'file') {
      if (field.type !== FieldType.FileUpload) throw new DomainError('invalid', `${label}: this field does not take a file.`);
      if (input.file.bytes.byteLength > MAX_UPLOAD_BYTES) {
        problems.push(`${label}: the file is too large (max ${MAX_UPLOAD_BYTES / 1024 / 1024} MB).`);
        continue;
      }
      answers.push({ fieldId: field.id, answer: { value: null, selected: [] }, hasOptions: false });
      continue;
    }
    if (field.type === FieldType.FileUpload && input.raw.value && input.raw.value !== field.value) {
      throw new DomainError('invalid', `${label}: upload a file with the task form; here a file can only be kept or removed (null).`);
    }
    const parsed = fieldValueSchema({ type: field.type, label: field.label, min: field.min, max: field.max, optionIds: field.options.map((o) => o.id) }).safeParse(input.raw);
    if (!parsed.success) {
      problems.push(parsed.error.issues[0]?.message ?? `${label}: not valid.`);
      continue;
    }
    const answer = parsed.data;
    if (field.type === FieldType.HtmlEditor && answer.value) answer.value = sanitizeAnswerHtml(answer.value) || null;
    answers.push({ fieldId: field.id, answer, hasOptions: field.options.length > 0 });
  }
  if (problems.length) throw new DomainError('invalid', problems.join(' '));
  // Files last, once everything else is known to be good: checked by their bytes, then stored.
  for (const input of inputs) {
    if (input.kind !== 'file') continue;
    const stored = await putUploadedBlob(db, { bytes: input.file.bytes, allowed: ALLOWED_UPLOAD_TYPES, maxBytes: MAX_UPLOAD_BYTES, owner: { kind: 'answer', userId }, name: input.file.name }).catch(async (e: unknown) => {
      // file-type cannot detect plain text or CSV (no magic bytes): accept them when the bytes are UTF-8 text.
      const text = asPlainText(input.file);
      if (!text) throw e instanceof DomainError ? new DomainError('invalid', `${byId.get(input.fieldId)!.label || 'File'}: ${e.message} Use pdf, png, jpg, jpeg, txt or csv.`) : e;
      return putBlob(db, { bytes: input.file.bytes, contentType: text, owner: { kind: 'answer', userId } });
    });
    const a = answers.find((x) => x.fieldId === input.fieldId)!;
    a.answer.value = JSON.stringify({ blobId: stored.blobId, fileName: input.file.name.slice(0, 250) || 'file', contentType: stored.contentType, byteSize: stored.byteSize });
  }
  return async (trx) => {
    await lockTask(trx, userId, myActivityId, myActivityTaskId);
    for (const a of answers) {
      await trx.updateTable('my_activity_task_fields').set({ value: a.answer.value }).where('id', '=', a.fieldId).where('my_activity_task_id', '=', myActivityTaskId).execute();
      if (a.hasOptions) {
        await trx.updateTable('my_activity_task_field_options').set({ is_selected: false }).where('my_activity_task_field_id', '=', a.fieldId).execute();
        if (a.answer.selected.length) {
          await trx
            .updateTable('my_activity_task_field_options')
            .set({ is_selected: true })
            .where('my_activity_task_field_id', '=', a.fieldId)
            .where('id', 'in', a.answer.selected)
            .execute();
        }
      }
    }
  };
}

/** Text or CSV without magic bytes: valid UTF-8, no NUL, and a .txt or .csv name. */
function asPlainText(file: { name: string; bytes: Uint8Array }): 'text/plain' | 'text/csv' | null {
  const ext = /\.(txt|csv)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (!ext || file.bytes.byteLength === 0) return null;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
    if (text.includes('\u0000')) return null;
  } catch {
    return null;
  }
  return ext === 'csv' ? 'text/csv' : 'text/plain';
}

/** Saves a task's answers (any open task, completed or not); answers the whole my activity. */
export async function saveTaskAnswers(db: Db, userId: number, input: { myActivityId: number; myActivityTaskId: number; fields: FieldInput[] }): Promise<MyActivity> {
  const write = await prepareAnswers(db, userId, input.myActivityId, input.myActivityTaskId, input.fields);
  await db.transaction().execute(write);
  return getMyActivity(db, userId, input.myActivityId);
}

/** Saves the answers and completes the task in one transaction (the form's Complete button). */
export async function saveAndCompleteTask(db: Db, userId: number, input: { myActivityId: number; myActivityTaskId: number; fields: FieldInput[] }): Promise<CompleteResult> {
  const write = await prepareAnswers(db, userId, input.myActivityId, input.myActivityTaskId, input.fields);
  return completeMyActivityTask(db, userId, input, write);
}

/**
 * The /api body's fields as inputs: a listed field's value replaces the stored one (a boolean for a
 * checkbox becomes 'true'/'false'); listed options set isSelected, unlisted options keep theirs.
 */
export async function apiInputs(db: Db, myActivityTaskId: number, answers: ApiFieldAnswer[]): Promise<FieldInput[]> {
  const ids = answers.map((a) => a.myActivityTaskFieldId);
  if (!ids.length) return [];
  const options = await db
    .selectFrom('my_activity_task_field_options')
    .innerJoin('my_activity_task_fields as f', 'f.id', 'my_activity_task_field_options.my_activity_task_field_id')
    .select(['my_activity_task_field_options.id', 'my_activity_task_field_options.my_activity_task_field_id as fieldId', 'my_activity_task_field_options.is_selected'])
    .where('f.my_activity_task_id', '=', myActivityTaskId)
    .where('f.id', 'in', ids)
    .execute();
  const values = await db.selectFrom('my_activity_task_fields').select(['id', 'value']).where('my_activity_task_id', '=', myActivityTaskId).where('id', 'in', ids).execute();
  return answers.map((a) => {
    const current = values.find((v) => v.id === a.myActivityTaskFieldId);
    const own = options.filter((o) => o.fieldId === a.myActivityTaskFieldId);
    const selected = new Set(own.filter((o) => o.is_selected).map((o) => o.id));
    for (const o of a.myActivityTaskFieldOptions ?? []) {
      if (!own.some((x) => x.id === o.myActivityTaskFieldOptionId)) {
        // Not one of this field's options: let the schema say so with the field's label.
        selected.add(o.myActivityTaskFieldOptionId);
        continue;
      }
      if (o.isSelected) selected.add(o.myActivityTaskFieldOptionId);
      else selected.delete(o.myActivityTaskFieldOptionId);
    }
    const value = a.value === undefined ? (current?.value ?? null) : typeof a.value === 'boolean' ? String(a.value) : a.value;
    return { fieldId: a.myActivityTaskFieldId, kind: 'answer' as const, raw: { value: own.length ? null : value, selected: [...selected] } };
  });
}
