import { boundedInt } from '@modules/shared/constants';
import { FIELD_TYPES, FieldType, isFieldType, type FieldTypeId } from '@modules/activities/constants';

/**
 * The activity editor's draft: what the form holds between saves (browser-safe, no zod). The same
 * pure functions run in the browser (buttons change the draft at once) and on the server (without
 * JavaScript each button posts the whole form with its intent, and the page re-renders the changed
 * draft). `k` keys keep list items stable across moves; they are posted as hidden inputs.
 */
export interface DraftOption {
  k: string;
  label: string;
}
export interface DraftField {
  k: string;
  type: number;
  label: string;
  placeholder: string;
  htmlHelp: string;
  min: string;
  max: string;
  options: DraftOption[];
}
export interface DraftTask {
  k: string;
  name: string;
  htmlContent: string;
  fields: DraftField[];
}
export interface ActivityDraft {
  activityId: number | null;
  name: string;
  overview: string;
  isGlobal: boolean;
  isFeatured: boolean;
  tasks: DraftTask[];
  skills: number[];
}

export const DRAFT_LIMITS = { tasks: 30, fields: 30, options: 50, skills: 50, text: 100_000 } as const;

let counter = 0;
export const newKey = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const emptyField = (type: number = FieldType.Text): DraftField => ({ k: newKey('f'), type, label: '', placeholder: '', htmlHelp: '', min: '', max: '', options: [] });
export const emptyTask = (): DraftTask => ({ k: newKey('t'), name: '', htmlContent: '', fields: [] });
export const emptyDraft = (): ActivityDraft => ({ activityId: null, name: '', overview: '', isGlobal: false, isFeatured: false, tasks: [emptyTask()], skills: [] });

/** The saved activity (getActivityById's shape) as a draft. */
export function draftFromActivity(a: {
  activityId: number;
  name: string;
  overview: string;
  isGlobal: boolean;
  isFeatured: boolean;
  activitySkills: { skillId: number }[];
  activityTasks: {
    activityTaskId: number;
    name: string;
    htmlContent: string;
    activityTaskFields: { activityTaskFieldId: number; type: number; label: string; placeholder: string; htmlHelp: string; min: string | null; max: string | null; activityTaskFieldOptions: { activityTaskFieldOptionId: number; label: string }[] }[];
  }[];
}): ActivityDraft {
  return {
    activityId: a.activityId,
    name: a.name,
    overview: a.overview,
    isGlobal: a.isGlobal,
    isFeatured: a.isFeatured,
    skills: a.activitySkills.map((s) => s.skillId),
    tasks: a.activityTasks.map((t) => ({
      k: `t${t.activityTaskId}`,
      name: t.name,
      htmlContent: t.htmlContent,
      fields: t.activityTaskFields.map((f) => ({
        k: `f${f.activityTaskFieldId}`,
        type: f.type,
        label: f.label,
        placeholder: f.placeholder,
        htmlHelp: f.htmlHelp,
        min: f.min ?? '',
        max: f.max ?? '',
        options: f.activityTaskFieldOptions.map((o) => ({ k: `o${o.activityTaskFieldOptionId}`, label: o.label })),
      })),
    })),
  };
}

/** The draft as the save schema takes it (the same shape /api/admin/saveActivity takes). */
export function draftToInput(d: ActivityDraft) {
  return {
    activityId: d.activityId,
    name: d.name,
    overview: d.overview,
    isGlobal: d.isGlobal,
    isFeatured: d.isFeatured,
    activitySkills: d.skills.map((skillId) => ({ activitySkillId: null, skillId })),
    activityTasks: d.tasks.map((t) => ({
      activityTaskId: null,
      name: t.name,
      htmlContent: t.htmlContent,
      activityTaskFields: t.fields.map((f) => ({
        activityTaskFieldId: null,
        type: f.type,
        label: f.label,
        placeholder: f.placeholder,
        htmlHelp: f.htmlHelp,
        min: f.min || null,
        max: f.max || null,
        activityTaskFieldOptions: f.options.map((o) => ({ activityTaskFieldOptionId: null, label: o.label })),
      })),
    })),
  };
}

// ---- The form's names ------------------------------------------------------------------------

export const taskName = (ti: number, key: keyof DraftTask) => `tasks.${ti}.${key}`;
export const fieldInputName = (ti: number, fi: number, key: keyof DraftField) => `tasks.${ti}.fields.${fi}.${key}`;
export const optionName = (ti: number, fi: number, oi: number, key: keyof DraftOption) => `tasks.${ti}.fields.${fi}.options.${oi}.${key}`;

const KEY = /^[a-z][a-z0-9]{1,40}$/;
const clip = (v: FormDataEntryValue | undefined, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');

/**
 * The draft a posted form holds. Bounded: indexes past the limits and unknown names are ignored,
 * texts are clipped (the save schema reports what is too long before that matters).
 */
export function draftFromForm(form: FormData): ActivityDraft {
  const get = (name: string) => form.get(name) ?? undefined;
  const idRaw = clip(get('activityId'), 12);
  const tasks: DraftTask[] = [];
  for (let ti = 0; ti < DRAFT_LIMITS.tasks && form.has(taskName(ti, 'k')); ti++) {
    const fields: DraftField[] = [];
    for (let fi = 0; fi < DRAFT_LIMITS.fields && form.has(fieldInputName(ti, fi, 'k')); fi++) {
      const options: DraftOption[] = [];
      for (let oi = 0; oi < DRAFT_LIMITS.options && form.has(optionName(ti, fi, oi, 'k')); oi++) {
        options.push({ k: keyOr(get(optionName(ti, fi, oi, 'k')), 'o'), label: clip(get(optionName(ti, fi, oi, 'label')), 1000) });
      }
      const type = Number(clip(get(fieldInputName(ti, fi, 'type')), 3));
      fields.push({
        k: keyOr(get(fieldInputName(ti, fi, 'k')), 'f'),
        type: isFieldType(type) ? type : FieldType.Text,
        label: clip(get(fieldInputName(ti, fi, 'label')), 1000),
        placeholder: clip(get(fieldInputName(ti, fi, 'placeholder')), 1000),
        htmlHelp: clip(get(fieldInputName(ti, fi, 'htmlHelp')), 20_000),
        min: clip(get(fieldInputName(ti, fi, 'min')), 100),
        max: clip(get(fieldInputName(ti, fi, 'max')), 100),
        options,
      });
    }
    tasks.push({ k: keyOr(get(taskName(ti, 'k')), 't'), name: clip(get(taskName(ti, 'name')), 1000), htmlContent: clip(get(taskName(ti, 'htmlContent')), DRAFT_LIMITS.text + 1), fields });
  }
  const skills = [
    ...new Set(
      form
        .getAll('skills')
        .slice(0, DRAFT_LIMITS.skills)
        .flatMap((v) => (typeof v === 'string' ? (boundedInt(v) ?? []) : [])),
    ),
  ];
  return {
    activityId: boundedInt(idRaw) ?? null,
    name: clip(get('name'), 1000),
    overview: clip(get('overview'), 20_000),
    isGlobal: form.get('isGlobal') === 'on',
    isFeatured: form.get('isFeatured') === 'on',
    tasks,
    skills,
  };
}

function keyOr(v: FormDataEntryValue | undefined, prefix: string) {
  return typeof v === 'string' && KEY.test(v) ? v : newKey(prefix);
}

// ---- Intents: what the buttons do --------------------------------------------------------------

const move = <T>(list: T[], from: number, to: number) => {
  if (from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const out = [...list];
  [out[from], out[to]] = [out[to]!, out[from]!];
  return out;
};
const withTask = (d: ActivityDraft, ti: number, fn: (t: DraftTask) => DraftTask): ActivityDraft => ({ ...d, tasks: d.tasks.map((t, i) => (i === ti ? fn(t) : t)) });
const withField = (d: ActivityDraft, ti: number, fi: number, fn: (f: DraftField) => DraftField) => withTask(d, ti, (t) => ({ ...t, fields: t.fields.map((f, i) => (i === fi ? fn(f) : f)) }));

/** The intents a button may carry ('addField:0', 'moveTask:2:up'...): anything else changes nothing. */
export const INTENT = /^(save|refresh|addTask|addSkill|removeTask:\d{1,2}|moveTask:\d{1,2}:(up|down)|addField:\d{1,2}|removeField:\d{1,2}:\d{1,2}|moveField:\d{1,2}:\d{1,2}:(up|down)|addOption:\d{1,2}:\d{1,2}|removeOption:\d{1,2}:\d{1,2}:\d{1,2}|removeSkill:\d{1,9})$/;

/** Applies one button's intent to the draft (the same in the browser and on the server). */
export function applyIntent(d: ActivityDraft, intent: string, extra: { skillId?: number | null } = {}): ActivityDraft {
  if (!INTENT.test(intent)) return d;
  const [verb, ...rest] = intent.split(':');
  const n = rest.map((x) => (x === 'up' || x === 'down' ? 0 : Number(x)));
  const dir = rest.at(-1) === 'up' ? -1 : 1;
  switch (verb) {
    case 'addTask':
      return d.tasks.length >= DRAFT_LIMITS.tasks ? d : { ...d, tasks: [...d.tasks, emptyTask()] };
    case 'removeTask':
      return { ...d, tasks: d.tasks.filter((_, i) => i !== n[0]) };
    case 'moveTask':
      return { ...d, tasks: move(d.tasks, n[0]!, n[0]! + dir) };
    case 'addField':
      return withTask(d, n[0]!, (t) => (t.fields.length >= DRAFT_LIMITS.fields ? t : { ...t, fields: [...t.fields, emptyField()] }));
    case 'removeField':
      return withTask(d, n[0]!, (t) => ({ ...t, fields: t.fields.filter((_, i) => i !== n[1]) }));
    case 'moveField':
      return withTask(d, n[0]!, (t) => ({ ...t, fields: move(t.fields, n[1]!, n[1]! + dir) }));
    case 'addOption':
      return withField(d, n[0]!, n[1]!, (f) => (f.options.length >= DRAFT_LIMITS.options ? f : { ...f, options: [...f.options, { k: newKey('o'), label: '' }] }));
    case 'removeOption':
      return withField(d, n[0]!, n[1]!, (f) => ({ ...f, options: f.options.filter((_, i) => i !== n[2]) }));
    case 'addSkill': {
      const id = extra.skillId;
      if (!id || d.skills.includes(id) || d.skills.length >= DRAFT_LIMITS.skills) return d;
      return { ...d, skills: [...d.skills, id] };
    }
    case 'removeSkill':
      return { ...d, skills: d.skills.filter((s) => s !== n[0]) };
    default:
      return d;
  }
}

/** Type settings for the field editor (what a type takes: placeholder, options, min/max). */
export const typeSettings = (type: number) => (isFieldType(type) ? FIELD_TYPES[type as FieldTypeId].settings : FIELD_TYPES[1].settings);

/** The preview's learner-field data for a draft field (synthetic ids, unique in the page). */
export function previewField(f: DraftField, ti: number, fi: number) {
  const s = typeSettings(f.type);
  const id = 900_000 + ti * 1000 + fi;
  return {
    myActivityTaskFieldId: id,
    type: f.type,
    label: f.label,
    htmlHelp: '',
    placeholder: s.placeholder ? f.placeholder : '',
    value: null,
    min: s.bounds ? f.min || null : null,
    max: s.bounds ? f.max || null : null,
    myActivityTaskFieldOptions: s.options ? f.options.map((o, oi) => ({ myActivityTaskFieldOptionId: id * 100 + oi + 1, label: o.label || `Option ${oi + 1}`, isSelected: false })) : [],
  };
}
