import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { activityInputSchema, ACTIVITY_SAVED, getActivityById, listSkillChoices, saveActivity } from '@modules/activities/index.server';
import { recordAudit } from '@modules/admin/index.server';
import { boundedInt, getDb } from '@modules/shared/index.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { ActivityEditor } from '~/components/admin/editors/activity-editor';
import { applyIntent, draftFromActivity, draftFromForm, draftToInput, emptyDraft, INTENT, type ActivityDraft } from '~/components/admin/editors/activity-draft';
import editorsStyles from '~/components/admin/editors/editors.css';
import { readFormData } from '~/utils/form.server';
import { attempt, orErrorPage, refusal } from '~/utils/domain-error.server';
import { idParam } from '~/utils/route-params.server';
import { requireProductAdmin } from '~/utils/session.server';
import { AdminPageHead } from '~/components/admin/page-head';
import { Toast } from '~/components/ui';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: editorsStyles }];
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.draft.activityId ? 'Edit activity' : 'Create activity'} | Leda Admin` }];
export const handle: BreadcrumbHandle = {
  breadcrumb: (match) => ({ label: (match.data as { draft?: ActivityDraft } | undefined)?.draft?.activityId ? 'Edit activity' : 'Create activity' }),
};

/** The activity in the URL, or null on the create page. */
const activityIdOf = (params: LoaderFunctionArgs['params']) => (params.activityId ? idParam(params, 'activityId') : null);

/** /admin/activity-editor/{id?}: a new activity, or the saved one as a draft (404 when unknown). Product admins only. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const id = activityIdOf(params);
  const [activity, skills] = await Promise.all([id ? orErrorPage(() => getActivityById(getDb(), id)) : null, listSkillChoices(getDb())]);
  const saved = new URL(request.url).searchParams.get('saved') === '1';
  return { draft: activity ? draftFromActivity(activity) : emptyDraft(), skills, message: saved && activity ? ACTIVITY_SAVED : null };
}

type ActionData = { draft: ActivityDraft; errors: Record<string, string>; formError: string | null; focus: string | null };

/** 'activityTasks.0.activityTaskFields.1.label' as the form names it ('tasks.0.fields.1.label'). */
function formPath(path: PropertyKey[]): string {
  const p = path.map(String).join('.');
  if (p.startsWith('activitySkills')) return 'skills';
  return p.replace(/^activityTasks/, 'tasks').replace(/activityTaskFields/g, 'fields').replace(/activityTaskFieldOptions/g, 'options');
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const routeId = activityIdOf(params);
  const form = await readFormData(request);
  const intent = String(form.get('intent') ?? 'save');
  let draft = draftFromForm(form);
  // The activity being edited is the one in the URL, whatever the form says.
  draft = { ...draft, activityId: routeId };
  if (intent !== 'save') {
    if (!INTENT.test(intent)) return data<ActionData>({ draft, errors: {}, formError: 'That button is not known. Please reload the page and try again.', focus: '#ae-form-error' }, { status: 400 });
    const skillRaw = String(form.get('newSkillId') ?? '');
    const next = applyIntent(draft, intent, { skillId: boundedInt(skillRaw) ?? null });
    return { draft: next, errors: {}, formError: null, focus: null } satisfies ActionData;
  }
  const parsed = activityInputSchema.safeParse(draftToInput(draft));
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[formPath(issue.path)] ??= issue.message;
    return data<ActionData>({ draft, errors, formError: 'The activity was not saved: please correct the errors below.', focus: '#ae-form-error' }, { status: 400 });
  }
  const saved = await attempt(() =>
    saveActivity(getDb(), parsed.data, (trx, activityId, created) =>
      recordAudit(trx, { actorId: admin.userId, action: created ? 'activity.create' : 'activity.save', entity: 'activity', entityId: activityId, after: parsed.data }),
    ),
  );
  if (!saved.ok) return refusal<ActionData>(saved.error, { draft, errors: {}, formError: saved.error.message, focus: '#ae-form-error' });
  return redirect(`/admin/activity-editor/${saved.value.activityId}?saved=1`);
}

export default function ActivityEditorPage() {
  const { draft, skills, message } = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  const current = result?.draft ?? draft;
  return (
    <section className="page admin-editor">
      <AdminPageHead
        title={current.activityId ? `Edit activity: ${current.name || 'Untitled'}` : 'Create activity'}
        actions={
          <Link to="/admin/activity-list" className="button">
            Back to the activity list
          </Link>
        }
      />
      {message && !result ? <Toast tone="success">{message}</Toast> : null}
      <ActivityEditor key={current.activityId ?? 'new'} initial={current} skills={skills} errors={result?.errors ?? {}} formError={result?.formError ?? null} focus={result?.focus ?? null} />
    </section>
  );
}
