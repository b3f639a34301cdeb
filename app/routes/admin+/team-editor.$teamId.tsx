import type { z } from 'zod';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Outlet, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from '@remix-run/react';
import { AdminPageHead } from '~/components/admin/page-head';
import { Card, Tabs, Toast } from '~/components/ui';
import { getDb } from '@modules/shared/index.server';
import { teamSchemas, updateTeamGeneral } from '@modules/admin/index.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { Field, FormError, LedaForm, TextAreaField, useLedaForm } from '~/components/forms';
import { formConstraint, readFormData } from '~/utils/form.server';
import { requireProductAdmin } from '~/utils/session.server';
import { editorPath, teamFromParams } from '~/features/admin/team-params.server';
import teamEditorStylesHref from '~/components/admin/team-editor/team-editor.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: teamEditorStylesHref }];
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `Team Settings${d ? ` | ${d.team.name}` : ''} | Leda Admin` }];
export const handle: BreadcrumbHandle = {
  breadcrumb: (match) => {
    const team = (match.data as { team?: { teamId: number; name: string } } | undefined)?.team;
    return team ? { label: team.name, to: `/admin/team-editor/${team.teamId}` } : null;
  },
};

/** /admin/team-editor/{teamId}: the title, the team form and the MEMBERS / SETTINGS / STATS tabs. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const team = await teamFromParams(params);
  return { team, constraint: formConstraint(teamSchemas.teamFormSchema) };
}

/** Saves the team form (name, description); back to the tab it was sent from, with 'Team saved.'. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const team = await teamFromParams(params);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: teamSchemas.teamFormSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  try {
    await updateTeamGeneral(getDb(), admin.userId, { teamId: team.teamId, ...submission.value });
  } catch {
    return data(submission.reply({ formErrors: ['error while saving team'] }), { status: 500 });
  }
  throw redirect(`${editorPath(team.teamId, formData.get('returnTo'))}?saved=team`, { status: 303 });
}

function TeamForm() {
  const { team, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const lastResult = actionData;
  const [form, fields] = useLedaForm<z.input<typeof teamSchemas.teamFormSchema>>({
    id: `team-form-${team.teamId}`,
    lastResult,
    constraint,
    defaultValue: { name: team.name, description: team.description ?? '' },
  });
  return (
    <Card title="Team" titleId="team-form-title" className="te-card">
      <LedaForm form={form} method="post" action={`/admin/team-editor/${team.teamId}`}>
        <FormError id={form.errorId} errors={form.errors} />
        <input type="hidden" name="returnTo" value={location.pathname} />
        <Field label="Team name" meta={fields.name} />
        <TextAreaField label="Description (HTML allowed)" meta={fields.description} rows={3} />
        <button type="submit" className="button primary" disabled={navigation.state === 'submitting'}>
          Save team
        </button>
      </LedaForm>
    </Card>
  );
}

/** The tabs: MEMBERS is the editor's own address (its CSV import pages are under it), the others their sub-paths. */
const tabs = (id: number, pathname: string) => {
  const base = `/admin/team-editor/${id}`;
  const path = pathname.replace(/\/+$/, '');
  return [
    { to: base, label: 'MEMBERS', current: path === base || path.startsWith(`${base}/import`) },
    { to: `${base}/settings`, label: 'SETTINGS', current: path.startsWith(`${base}/settings`) },
    { to: `${base}/stats`, label: 'STATS', current: path.startsWith(`${base}/stats`) },
  ];
};

export default function TeamEditorLayout() {
  const { team } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const location = useLocation();
  return (
    <section className="team-editor" aria-labelledby="team-editor-title">
      <AdminPageHead title="Team Settings" titleId="team-editor-title" subtitle={team.organisationName} />
      {params.get('saved') === 'team' ? <Toast tone="success">Team saved.</Toast> : null}
      <TeamForm />
      <Tabs label="Team editor" items={tabs(team.teamId, location.pathname)} />
      <Outlet />
    </section>
  );
}
