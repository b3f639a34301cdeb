import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { TaskFieldInput } from '~/components/activities/task-field';
import { applyIntent, previewField, taskName, type ActivityDraft, type DraftField, type DraftTask } from './activity-draft';
import { FieldEditor, TextInput, type Errors, type IntentButton } from './field-editor';
import { RichTextEditor } from './rich-text';

/**
 * The activity editor (admin-console s.2 Activity editor): name, flags, skills, ordered tasks with
 * their fields, and a live preview drawn by the learner's own field renderer. With JavaScript the
 * buttons change the draft in the page; without it each button posts the form with its intent and
 * the server answers the changed draft (docs/decisions/222). Save posts intent=save.
 */
export interface SkillChoice {
  skillId: number;
  name: string;
}

/** Where focus goes after a button changed the draft: the new item's first input, or the moved item's button. */
function focusTarget(before: ActivityDraft, intent: string): string | null {
  const [verb, a, b, c] = intent.split(':');
  switch (verb) {
    case 'addTask':
      return `[name="${taskName(before.tasks.length, 'name')}"]`;
    case 'addField':
      return `[name="tasks.${a}.fields.${before.tasks[Number(a)]?.fields.length ?? 0}.type"]`;
    case 'addOption':
      return `[name="tasks.${a}.fields.${b}.options.${before.tasks[Number(a)]?.fields[Number(b)]?.options.length ?? 0}.label"]`;
    case 'moveTask': {
      const to = Number(a) + (b === 'up' ? -1 : 1);
      return `button[value="moveTask:${to}:${b}"]:not([disabled]), [name="${taskName(to, 'name')}"]`;
    }
    case 'moveField': {
      const to = Number(b) + (c === 'up' ? -1 : 1);
      return `button[value="moveField:${a}:${to}:${c}"]:not([disabled]), [name="tasks.${a}.fields.${to}.type"]`;
    }
    case 'removeTask':
      return 'button[value="addTask"]';
    case 'removeField':
      return `button[value="addField:${a}"]`;
    case 'removeOption':
      return `button[value="addOption:${a}:${b}"]`;
    case 'addSkill':
    case 'removeSkill':
      return '#ae-newSkillId';
    default:
      return null;
  }
}

export function ActivityEditor({
  initial,
  skills,
  errors,
  formError,
  focus,
}: {
  initial: ActivityDraft;
  skills: SkillChoice[];
  errors: Errors;
  formError: string | null;
  /** After a server round trip (JavaScript off), the selector to focus. */
  focus: string | null;
}) {
  const [draft, setDraft] = useState(initial);
  const [hydrated, setHydrated] = useState(false);
  const [newSkill, setNewSkill] = useState('');
  const pendingFocus = useRef<string | null>(null);
  const navigation = useNavigation();
  useEffect(() => setHydrated(true), []);
  useEffect(() => setDraft(initial), [initial]);
  // After a failed save (client-side submit) the error summary takes focus; without JavaScript, autofocus does.
  useEffect(() => {
    if (formError && focus) document.querySelector<HTMLElement>(focus)?.focus();
  }, [formError, focus, initial]);
  useEffect(() => {
    if (!pendingFocus.current) return;
    const el = document.querySelector<HTMLElement>(pendingFocus.current);
    pendingFocus.current = null;
    el?.focus();
  }, [draft]);

  const Button: IntentButton = ({ intent, text, context, className, disabled }) => (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={`button small${className ? ` ${className}` : ''}`}
      disabled={disabled}
      onClick={(e) => {
        e.preventDefault();
        const skillId = intent === 'addSkill' ? Number(newSkill) || null : null;
        pendingFocus.current = focusTarget(draft, intent);
        setDraft(applyIntent(draft, intent, { skillId }));
        if (intent === 'addSkill') setNewSkill('');
      }}
    >
      {text}
      {context ? <span className="visually-hidden"> {context}</span> : null}
    </button>
  );
  const setTask = (ti: number, t: DraftTask) => setDraft({ ...draft, tasks: draft.tasks.map((x, i) => (i === ti ? t : x)) });
  const setField = (ti: number, fi: number, f: DraftField) => setTask(ti, { ...draft.tasks[ti]!, fields: draft.tasks[ti]!.fields.map((x, i) => (i === fi ? f : x)) });
  const skillName = new Map(skills.map((s) => [s.skillId, s.name]));
  const free = skills.filter((s) => !draft.skills.includes(s.skillId));

  return (
    <div className="ae-layout">
      <Form method="post" className="ui-card ae-form" aria-label="Activity">
        {/* Enter in a text box saves (the first submit button is the form's default). */}
        <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Save
        </button>
        {formError ? (
          <div className="form-error" role="alert" tabIndex={-1} autoFocus={focus === '#ae-form-error'} id="ae-form-error">
            <p>{formError}</p>
          </div>
        ) : null}
        <input type="hidden" name="activityId" value={draft.activityId ?? ''} />
        <TextInput name="name" label="Name" value={draft.name} onChange={(name) => setDraft({ ...draft, name })} errors={errors} maxLength={250} required />
        <div className="field">
          <label htmlFor="ae-overview">Overview (optional)</label>
          <textarea id="ae-overview" name="overview" rows={3} value={draft.overview} onChange={(e) => setDraft({ ...draft, overview: e.target.value })} maxLength={10_000} />
        </div>
        <div className="ae-flags">
          <label className="ae-check">
            <input type="checkbox" name="isGlobal" checked={draft.isGlobal} onChange={(e) => setDraft({ ...draft, isGlobal: e.target.checked })} /> Global (in Explore for every learner)
          </label>
          <label className="ae-check">
            <input type="checkbox" name="isFeatured" checked={draft.isFeatured} onChange={(e) => setDraft({ ...draft, isFeatured: e.target.checked })} /> Featured
          </label>
        </div>

        <fieldset className="ae-skills">
          <legend>Skills</legend>
          {draft.skills.length ? (
            <ul>
              {draft.skills.map((id) => (
                <li key={id}>
                  <input type="hidden" name="skills" value={id} />
                  {skillName.get(id) ?? `Skill ${id}`} <Button intent={`removeSkill:${id}`} text="Remove" context={`skill ${skillName.get(id) ?? id}`} className="danger" />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No skills yet.</p>
          )}
          {errors.skills ? (
            <p className="field-errors" role="alert">
              {errors.skills}
            </p>
          ) : null}
          <div className="ae-inline">
            <label htmlFor="ae-newSkillId">Add a skill</label>
            <select id="ae-newSkillId" name="newSkillId" value={newSkill} onChange={(e) => setNewSkill(e.target.value)}>
              <option value="">Choose a skill…</option>
              {free.map((s) => (
                <option key={s.skillId} value={s.skillId}>
                  {s.name}
                </option>
              ))}
            </select>
            <Button intent="addSkill" text="Add skill" />
          </div>
        </fieldset>

        <h2>Tasks</h2>
        {errors.tasks ? (
          <p className="field-errors" role="alert">
            {errors.tasks}
          </p>
        ) : null}
        <ol className="ae-tasks">
          {draft.tasks.map((t, ti) => (
            <li key={t.k}>
              <fieldset className="ae-task">
                <legend>Task {ti + 1}</legend>
                <input type="hidden" name={taskName(ti, 'k')} value={t.k} />
                <TextInput name={taskName(ti, 'name')} label={`Task ${ti + 1} name`} value={t.name} onChange={(name) => setTask(ti, { ...t, name })} errors={errors} maxLength={250} required />
                <div className="field">
                  <label id={`ae-task-${t.k}-content-label`} htmlFor={`ae-task-${t.k}-content`}>
                    Task {ti + 1} content
                  </label>
                  <RichTextEditor id={`ae-task-${t.k}-content`} name={taskName(ti, 'htmlContent')} label={`Task ${ti + 1} content`} value={t.htmlContent} height={180} onChange={(htmlContent) => setTask(ti, { ...t, htmlContent })} />
                </div>
                <h3 className="ae-fields-heading">Fields of task {ti + 1}</h3>
                {t.fields.length === 0 ? <p className="muted">No fields: the learner reads the task and marks it done.</p> : null}
                {t.fields.map((f, fi) => (
                  <FieldEditor key={f.k} field={f} ti={ti} fi={fi} count={t.fields.length} errors={errors} onChange={(nf) => setField(ti, fi, nf)} Button={Button} />
                ))}
                <div className="ae-actions">
                  <Button intent={`addField:${ti}`} text="Add field" context={`to task ${ti + 1}`} />
                  <Button intent={`moveTask:${ti}:up`} text="Move task up" context={`(task ${ti + 1})`} disabled={ti === 0} />
                  <Button intent={`moveTask:${ti}:down`} text="Move task down" context={`(task ${ti + 1})`} disabled={ti === draft.tasks.length - 1} />
                  <Button intent={`removeTask:${ti}`} text="Remove task" context={`(task ${ti + 1})`} className="danger" />
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <div className="ae-actions">
          <Button intent="addTask" text="Add task" />
          {hydrated ? null : (
            <button type="submit" name="intent" value="refresh" className="button small">
              Update preview
            </button>
          )}
        </div>
        <div className="ae-save">
          <button type="submit" name="intent" value="save" className="button primary" disabled={navigation.state === 'submitting'}>
            Save activity
          </button>
        </div>
      </Form>
      <ActivityPreview draft={draft} />
    </div>
  );
}

/** What the learner will see: each task's name and its fields, drawn by My Activities' own renderer. */
function ActivityPreview({ draft }: { draft: ActivityDraft }) {
  return (
    <aside className="ui-card ae-preview" aria-labelledby="ae-preview-heading">
      <h2 id="ae-preview-heading">Preview</h2>
      <p className="muted">What a learner sees in My Activities (task content is shown once saved).</p>
      <h3>{draft.name || 'Untitled activity'}</h3>
      {draft.tasks.map((t, ti) => (
        <section key={t.k} className="ae-preview-task" aria-label={`Preview of task ${ti + 1}`}>
          <h4>
            {ti + 1}. {t.name || 'Untitled task'}
          </h4>
          {t.fields.map((f, fi) => (
            <TaskFieldInput key={`${f.k}-${f.type}`} field={previewField(f, ti, fi)} />
          ))}
        </section>
      ))}
    </aside>
  );
}
