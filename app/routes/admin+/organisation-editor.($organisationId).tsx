import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { getOrganisationById, peopleSchemas, saveOrganisation } from '@modules/admin/index.server';
import { ScimSection } from '~/components/admin/scim-section';
import { loadScimSection, runScimIntent } from '~/features/admin/scim-section.server';
import { SsoSection } from '~/components/admin/sso-section';
import { loadSsoSection, runSsoIntent } from '~/features/admin/sso-section.server';
import { getDb } from '@modules/shared/index.server';
import { orErrorPage } from '~/utils/domain-error.server';
import { idParam } from '~/utils/route-params.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { OrganisationForm } from '~/components/admin/organisation-form';
import { AdminPageHead } from '~/components/admin/page-head';
import { Badge, Card, EmptyState } from '~/components/ui';
import { ActionError, CreateTeamForm, Flash, QuickJoinForm, shortDate, shortDateTime } from '~/components/admin/people';
import { flashOf } from '~/features/admin/people.server';
import { createTeamChoices, runPeopleIntent } from '~/features/admin/people-actions.server';
import peopleStylesHref from '~/components/admin/people.css';
import { formConstraint, readFormData } from '~/utils/form.server';
import { requireProductAdmin } from '~/utils/session.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: peopleStylesHref }];
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.organisation.name ?? 'Organisation'} | Organisation editor | Leda Admin` }];
export const handle: BreadcrumbHandle = {
  breadcrumb: (match) => {
    const org = (match.data as { organisation?: { name: string } } | undefined)?.organisation;
    return org ? { label: org.name } : null;
  },
};

const organisationFromParams = (params: LoaderFunctionArgs['params']) => orErrorPage(() => getOrganisationById(getDb(), idParam(params, 'organisationId')));

/** /admin/organisation-editor/{id}: the form and the organisation's teams. Without an id: the creator. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  if (params.organisationId === undefined) throw redirect(`/admin/organisation-creator${new URL(request.url).search}`);
  const organisation = await organisationFromParams(params);
  return {
    organisation,
    flash: flashOf(request),
    constraint: formConstraint(peopleSchemas.organisationFormSchema),
    createTeam: await createTeamChoices(),
    scim: await loadScimSection(request, organisation.organisationId),
    sso: await loadSsoSection(organisation.organisationId),
  };
}

/** Saves the organisation form; 'Create Team' and Quick join go through the shared people intents. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const organisation = await organisationFromParams(params);
  const formData = await readFormData(request.clone());
  if (formData.has('scimIntent')) return runScimIntent(formData, admin, organisation.organisationId);
  if (formData.has('ssoIntent')) return runSsoIntent(formData, admin, organisation.organisationId);
  if (formData.has('intent')) return runPeopleIntent(request, admin);
  const submission = parseWithZod(formData, { schema: peopleSchemas.organisationFormSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  await saveOrganisation(getDb(), admin.userId, { ...submission.value, organisationId: organisation.organisationId });
  throw redirect(`/admin/organisation-editor/${organisation.organisationId}?saved=organisation`, { status: 303 });
}

const LICENCE_LABELS: Record<number, string> = { 0: 'none', 1: 'Trial', 2: 'Full', 3: 'Student' };

export default function OrganisationEditor() {
  const { organisation: org, flash, constraint, createTeam, scim, sso } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const path = `/admin/organisation-editor/${org.organisationId}`;
  const scimResult = result && 'scimIntent' in result ? (result as { scimToken?: string; scimError?: string }) : null;
  const ssoResult = result && 'ssoIntent' in result ? (result as { ssoError?: string }) : null;
  const errorMsg = result && 'errorMsg' in result ? (result.errorMsg as string) : null;
  const lastResult = result && !('errorMsg' in result) && !scimResult && !ssoResult ? result : null;
  return (
    <section aria-labelledby="org-editor-title">
      <AdminPageHead
        title={`Organisation: ${org.name}`}
        titleId="org-editor-title"
        subtitle={`ID ${org.organisationId} · created ${shortDate(org.createdAt)} · last activity ${org.lastActivity ? shortDateTime(org.lastActivity) : 'Never'}`}
        actions={<QuickJoinForm action={path} fields={{ intent: 'quickJoinOrganisation', organisationId: org.organisationId }} accessibleName={`Quick join ${org.name}`} />}
      />
      <Flash message={flash} />
      <ActionError errorMsg={errorMsg} />
      <OrganisationForm
        id={`organisation-${org.organisationId}`}
        action={path}
        values={org}
        constraint={constraint}
        lastResult={lastResult as never}
        submitLabel="Save organisation"
      />
      <Card title="Teams" titleId="org-teams-title" actions={<CreateTeamForm label="Create New Team" organisationName={org.name} organisationId={org.organisationId} action={path} {...createTeam} />}>
        {org.teams.length === 0 ? (
          <EmptyState title="No records to display.">This organisation has no teams yet.</EmptyState>
        ) : (
          <table aria-labelledby="org-teams-title" className="card-table">
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">Created</th>
                <th scope="col">Name</th>
                <th scope="col">Members</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {org.teams.map((t) => (
                <tr key={t.teamId}>
                  <td data-label="ID">{t.teamId}</td>
                  <td data-label="Created">{shortDate(t.createdAt)}</td>
                  <td data-label="Name">
                    <Link to={`/admin/team-editor/${t.teamId}`}>{t.name}</Link>
                    {t.isDisabled ? (
                      <>
                        {' '}
                        <Badge>disabled</Badge>
                      </>
                    ) : null}
                  </td>
                  <td data-label="Members">{t.memberCount}</td>
                  <td className="admin-row-menu">
                    <Link className="button small" to={`/admin/team-editor/${t.teamId}`} aria-label={`View team ${t.name}`}>
                      View
                    </Link>
                    <Link className="button small" to={`/admin/team-editor/${t.teamId}/settings`} aria-label={`Edit team ${t.name}`}>
                      Edit
                    </Link>
                    <QuickJoinForm action={path} fields={{ intent: 'quickJoinTeam', teamId: t.teamId }} accessibleName={`Quick join team ${t.name}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <SsoSection
        action={path}
        {...sso}
        teams={org.teams}
        licenceLabel={LICENCE_LABELS[org.licenseType ?? 0] ?? 'none'}
        error={ssoResult?.ssoError ?? null}
      />
      <ScimSection action={path} {...scim} newToken={scimResult?.scimToken ?? null} error={scimResult?.scimError ?? null} />
    </section>
  );
}
