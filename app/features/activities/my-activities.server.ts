import type { AppLoadContext } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { z } from 'zod';
import { addMyActivity, deleteMyActivity, getMyActivity, listMyActivities, saveAndCompleteTask, saveTaskAnswers, type FieldInput, type MyActivityTask } from '@modules/activities/index.server';
import { FieldType, MAX_UPLOAD_BYTES } from '@modules/activities/constants';
import { getDb, idSchema } from '@modules/shared/index.server';
import { journeysOfSteps } from '@modules/journeys/index.server';
import { readFormData } from '../../utils/form.server';
import { orRefusal } from '../../utils/domain-error.server';
import { allowUpload } from '../../utils/body-limit.server';

/**
 * My Activities' form posts (JavaScript on or off): one task form posts every field of its task as
 * field-<id> (multipart, for files), with intent save, autosave or complete; delete and add are small
 * forms of their own. Parsing turns the form into the module's FieldInputs; the module validates.
 */
import { ACTIVITIES_PATH, COMPLETED_PATH } from './activity-paths';
import { ACTIVITIES_PER_PAGE } from './activity-pages';

export { ACTIVITIES_PATH, COMPLETED_PATH };
const MAX_FORM_BYTES = MAX_UPLOAD_BYTES * 3 + 512 * 1024;

const intentSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.enum(['save', 'autosave', 'complete']),
    myActivityId: idSchema,
    myActivityTaskId: idSchema,
  }),
  z.object({ intent: z.literal('delete'), myActivityId: idSchema }),
  z.object({ intent: z.literal('add'), activityId: idSchema }),
]);
export type ActivityIntent = z.infer<typeof intentSchema>;

export interface TaskFormError {
  myActivityTaskId: number | null;
  message: string;
  /** What the learner posted (text values only), so the form shows it again instead of losing it. */
  posted: Record<string, string[]> | null;
}

export async function readActivityForm(request: Request, context: AppLoadContext): Promise<{ form: FormData; intent: ActivityIntent }> {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_FORM_BYTES) throw failure(413, null, `The form is too large (files up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB).`, null);
  allowUpload(request, context, MAX_FORM_BYTES);
  const form = await readFormData(request);
  const parsed = intentSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')));
  if (!parsed.success) throw failure(400, null, 'The form is not valid. Please reload the page and try again.', null);
  return { form, intent: parsed.data };
}

const text = (v: FormDataEntryValue | null) => (typeof v === 'string' ? v : '');

/** The task form's fields as the module's inputs: every field of the task (an absent checkbox is 'false'). */
export async function taskInputsFromForm(form: FormData, task: MyActivityTask): Promise<FieldInput[]> {
  return Promise.all(
    task.myActivityTaskFields.map(async (f): Promise<FieldInput> => {
      const name = `field-${f.myActivityTaskFieldId}`;
      const fieldId = f.myActivityTaskFieldId;
      switch (f.type) {
        case FieldType.CheckboxGroup:
        case FieldType.RadioButtons:
        case FieldType.Dropdown: {
          const ids = form
            .getAll(name)
            .map(text)
            .filter((v) => v !== '');
          return {
            fieldId,
            kind: 'answer',
            raw: {
              value: null,
              selected: ids.map((v) => (/^\d{1,10}$/.test(v) ? Number(v) : -1)),
            },
          };
        }
        case FieldType.Checkbox:
          return {
            fieldId,
            kind: 'answer',
            raw: {
              value: text(form.get(name)) === 'true' ? 'true' : 'false',
              selected: [],
            },
          };
        case FieldType.DateTimeField: {
          const d = text(form.get(name)).trim();
          const t = text(form.get(`${name}-time`)).trim();
          return {
            fieldId,
            kind: 'answer',
            raw: { value: d || t ? `${d}T${t}` : null, selected: [] },
          };
        }
        case FieldType.FileUpload: {
          const file = form.get(name);
          if (file && typeof file !== 'string' && file.size > 0)
            return {
              fieldId,
              kind: 'file',
              file: {
                name: file.name,
                bytes: new Uint8Array(await file.arrayBuffer()),
              },
            };
          if (text(form.get(`${name}-remove`)) === 'true')
            return {
              fieldId,
              kind: 'answer',
              raw: { value: null, selected: [] },
            };
          return { fieldId, kind: 'keep' };
        }
        default:
          return {
            fieldId,
            kind: 'answer',
            raw: { value: text(form.get(name)), selected: [] },
          };
      }
    })
  );
}

function postedValues(form: FormData): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string' && k.startsWith('field-')) (out[k] ??= []).push(v);
  return out;
}

const failureBody = (myActivityTaskId: number | null, message: string, posted: Record<string, string[]> | null) => ({ error: { myActivityTaskId, message, posted } satisfies TaskFormError });
const failure = (status: number, myActivityTaskId: number | null, message: string, posted: Record<string, string[]> | null) => data(failureBody(myActivityTaskId, message, posted), { status });

/**
 * Runs one My Activities intent for the user. Success redirects (post/redirect/get), except autosave,
 * which answers { saved } for the fetcher. A domain failure is the status and message of its error.
 */
export async function runActivityIntent(userId: number, form: FormData, intent: ActivityIntent, from: string) {
  const taskId = 'myActivityTaskId' in intent ? intent.myActivityTaskId : null;
  return orRefusal(async () => {
    if (intent.intent === 'add') {
      const my = await addMyActivity(getDb(), userId, { activityId: intent.activityId });
      return redirect(`${ACTIVITIES_PATH}?myActivityId=${my.myActivityId}`);
    }
    if (intent.intent === 'delete') {
      await deleteMyActivity(getDb(), userId, intent.myActivityId);
      return redirect(ACTIVITIES_PATH);
    }
    const my = await getMyActivity(getDb(), userId, intent.myActivityId);
    const task = my.myActivityTasks.find((t) => t.myActivityTaskId === intent.myActivityTaskId);
    if (!task) throw failure(404, null, 'That task is not part of this activity.', null);
    const inputs = await taskInputsFromForm(form, task);
    const ids = {
      myActivityId: my.myActivityId,
      myActivityTaskId: task.myActivityTaskId,
      fields: inputs,
    };
    if (intent.intent === 'autosave') {
      await saveTaskAnswers(getDb(), userId, ids);
      return { saved: task.myActivityTaskId };
    }
    if (intent.intent === 'save') {
      await saveTaskAnswers(getDb(), userId, ids);
      return redirect(`${from}?myActivityId=${my.myActivityId}&saved=${task.myActivityTaskId}#task-${task.myActivityTaskId}`);
    }
    const done = await saveAndCompleteTask(getDb(), userId, ids);
    // The last activity of a journey: the journey's end, with its "journey complete" moment (decision 270).
    if (done.completedJourneyId != null) return redirect(`/app/journey/${done.completedJourneyId}/step/end?completed=1`);
    if (done.activityCompleted) return redirect(`${COMPLETED_PATH}?myActivityId=${my.myActivityId}&completed=1`);
    return redirect(`${ACTIVITIES_PATH}?myActivityId=${my.myActivityId}`);
  }, (e) => failureBody(taskId, e.message, postedValues(form)));
}

/** learner-app s.9: the ribbon of a my activity whose journey is unknown. */
export const UNKNOWN_JOURNEY = 'N/A';

/** ?page= of the activities lists: an integer 1..10000 (absent or empty is page 1). */
const pageSchema = z
  .string()
  .regex(/^\d{1,5}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(10_000));

/**
 * The page of the activities list the URL asks for (decision 232). Anything but an integer 1..10000
 * is a 404, as a malformed myActivityId is: only an edited address gets one, never a pager link.
 */
export function readActivitiesPage(url: URL): number {
  const raw = url.searchParams.get('page');
  if (raw == null || raw === '') return 1;
  const parsed = pageSchema.safeParse(raw);
  if (!parsed.success) throw new Response('That page of activities was not found.', { status: 404 });
  return parsed.data;
}

/**
 * One page (1-based, ACTIVITIES_PER_PAGE cards) of the user's my activities as cards (in progress or
 * completed), each from a journey step with its journey's name as a ribbon ('N/A' when that journey
 * is unknown): two queries whatever the count and the page. One row more than a page is read to
 * know whether there is a next page (hasMore).
 */
export async function listMyActivityCards(userId: number, completed: boolean, page: number) {
  const rows = await listMyActivities(getDb(), userId, { completed, limit: ACTIVITIES_PER_PAGE + 1, offset: (page - 1) * ACTIVITIES_PER_PAGE });
  const hasMore = rows.length > ACTIVITIES_PER_PAGE;
  const shown = rows.slice(0, ACTIVITIES_PER_PAGE);
  const journeys = await journeysOfSteps(getDb(), shown.flatMap((c) => (c.journeyStepId == null ? [] : [c.journeyStepId])));
  const cards = shown.map((c) => ({ ...c, journeyRibbon: c.journeyStepId == null ? null : (journeys.get(c.journeyStepId)?.name ?? UNKNOWN_JOURNEY) }));
  return { cards, page, hasMore };
}
