import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { listOrganisationsWithTeams, organisationsList, type OrganisationRow } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { DataTable, type DataColumn, type ListState } from '~/components/data-table';
import { ActionError, CreateTeamForm, Flash, LicenceAndSortChips, licenseName, PromptForm, QuickJoinForm, shortDate, shortDateTime, TableLink } from '~/components/admin/people';
import { flashOf } from '~/features/admin/people.server';
import { AdminPageHead } from '~/components/admin/page-head';
import { createTeamChoices, runPeopleIntent } from '~/features/admin/people-actions.server';
import peopleStylesHref from '~/components/admin/people.css';
import { requireProductAdmin } from '~/utils/session.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: peopleStylesHref }];
export const meta: MetaFunction = () => [{ title: 'Organisation and team list | Leda Admin' }];
export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Organisation and team list', to: '/admin/team-list' }) };

const PATH = '/admin/team-list';

/** /admin/team-list: organisations (a page of them, URL state) each with its teams. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const query = organisationsList.parse(new URL(request.url));
  const page = await listOrganisationsWithTeams(getDb(), query);
  return { page, flash: flashOf(request), createTeam: await createTeamChoices() };
}

/** Create Team and Quick join (organisation or team): see people-actions.server.ts. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  return runPeopleIntent(request, admin);
}

const SORTS: { label: string; sort: string; dir: 'asc' | 'desc' }[] = [
  { label: 'Date created (newest)', sort: 'created', dir: 'desc' },
  { label: 'Date created (oldest)', sort: 'created', dir: 'asc' },
  { label: 'Name A-Z', sort: 'name', dir: 'asc' },
  { label: 'Name Z-A', sort: 'name', dir: 'desc' },
  { label: 'Last activity', sort: 'lastActivity', dir: 'desc' },
];

export default function TeamList() {
  const { page, flash, createTeam } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const state = page.query as unknown as ListState;
  const license = (state.filters.license as string | undefined) ?? '';
  const rows = page.rows as unknown as OrganisationRow[];
  const columns: DataColumn<OrganisationRow>[] = [
    {
      key: 'name',
      header: 'Organisation',
      sortable: true,
      cell: (o) => (
        <div className="org-cell">
          <h2 className="org-heading">
            <Link to={`/admin/organisation-editor/${o.organisationId}`}>{o.name}</Link>
          </h2>
          <span className="muted">ID {o.organisationId}</span>
        </div>
      ),
    },
    { key: 'licence', header: 'Licence', cell: (o) => `${licenseName(o.licenseType)}${o.licenseExpiredAt ? ` until ${shortDate(o.licenseExpiredAt)}` : ''}` },
    { key: 'created', header: 'Created', sortable: true, cell: (o) => shortDate(o.createdAt) },
    { key: 'lastActivity', header: 'Last activity', sortable: true, cell: (o) => (o.lastActivity ? shortDateTime(o.lastActivity) : 'Never') },
    {
      key: 'teams',
      header: 'Teams',
      cell: (o) =>
        o.teams.length === 0 ? (
          <span className="muted">No teams</span>
        ) : (
          <ul className="org-teams">
            {o.teams.map((t) => (
              <li key={t.teamId}>
                <Link to={`/admin/team-editor/${t.teamId}`}>{t.name}</Link>
                <span className="muted">
                  ID {t.teamId} · created {shortDate(t.createdAt)} · {t.memberCount} {t.memberCount === 1 ? 'member' : 'members'}
                  {t.isDisabled ? ' · disabled' : ''}
                </span>
                <QuickJoinForm action={PATH} fields={{ intent: 'quickJoinTeam', teamId: t.teamId }} accessibleName={`Quick join team ${t.name}`} />
              </li>
            ))}
          </ul>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      cell: (o) => (
        <div className="admin-row-menu">
          <QuickJoinForm action={PATH} fields={{ intent: 'quickJoinOrganisation', organisationId: o.organisationId }} accessibleName={`Quick join ${o.name}`} />
          <Link className="button small" to={`/admin/organisation-editor/${o.organisationId}`} aria-label={`Edit Organisation ${o.name}`}>
            Edit Organisation
          </Link>
          <CreateTeamForm organisationName={o.name} organisationId={o.organisationId} action={PATH} {...createTeam} />
        </div>
      ),
    },
  ];
  return (
    <section aria-labelledby="team-list-title">
      <AdminPageHead
        title="Organisation and team list"
        titleId="team-list-title"
        subtitle={`${page.total} ${page.total === 1 ? 'organisation' : 'organisations'}`}
        actions={
          <>
            <PromptForm label="Create New Org" fieldLabel="Organisation name" name="name" method="get" action="/admin/organisation-creator" submitLabel="Continue" />
            <Link className="button" to="/admin/user-list">
              User list
            </Link>
          </>
        }
      />
      <Flash message={flash} />
      <ActionError errorMsg={failed?.errorMsg} />
      <LicenceAndSortChips idPrefix="org" path={PATH} state={state} license={license} sorts={SORTS} />
      <DataTable
        path={PATH}
        caption="Organisations and their teams"
        columns={columns}
        rows={rows}
        rowKey={(o) => o.organisationId}
        state={state}
        total={page.total}
        pageCount={page.pageCount}
        searchLabel="Search organisation or team (ID, name, team created date)"
        filters={license ? <input type="hidden" name="license" value={license} /> : null}
        emptyMessage={state.q || license ? 'No matching records to display.' : 'No records to display.'}
        Link={TableLink}
      />
    </section>
  );
}
