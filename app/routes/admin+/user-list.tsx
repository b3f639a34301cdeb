import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { Link } from '~/components/link';
import { useEffect, useState, type MouseEvent } from 'react';
import { listUsers, peopleSchemas, setIsOrganisationAdmin, usersList, type AdminUserRow } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { orErrorPage } from '~/utils/domain-error.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { DataTable, type DataColumn, type ListState } from '~/components/data-table';
import { ConfirmForm, Flash, LicenceAndSortChips, shortDate, shortDateTime, TableLink } from '~/components/admin/people';
import { AdminPageHead } from '~/components/admin/page-head';
import { Badge, type BadgeTone } from '~/components/ui';
import { adminReturnTo, flashOf, withFlash } from '~/features/admin/people.server';
import { UserEditorDialog, userEditorPath, type EditableUser } from '~/components/admin/user-editor-form';
import peopleStylesHref from '~/components/admin/people.css';
import { formConstraint, readFormData } from '~/utils/form.server';
import { requireProductAdmin } from '~/utils/session.server';
import { orgAdminForm } from '~/features/admin/admin-forms.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: peopleStylesHref }];
export const meta: MetaFunction = () => [{ title: 'User list | Leda Admin' }];
export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'User list', to: '/admin/user-list' }) };

const PATH = '/admin/user-list';

/** /admin/user-list: filters, five sorts, search, a count and paging, all in the URL (decision 133). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const query = usersList.parse(new URL(request.url));
  const page = await listUsers(getDb(), query);
  return { page, flash: flashOf(request), constraint: formConstraint(peopleSchemas.userFormSchema) };
}

/** Grant or revoke org admin (after the row's confirmation), then back to the same list URL. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const parsed = orgAdminForm.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw new Response('The form could not be read. Please reload the page and try again.', { status: 400 });
  await orErrorPage(() => setIsOrganisationAdmin(getDb(), admin.userId, { userId: parsed.data.userId, isOrganisationAdmin: parsed.data.value === 'true' }));
  throw redirect(withFlash(adminReturnTo(parsed.data.returnTo, PATH), 'orgAdmin'), { status: 303 });
}

const SORTS: { label: string; sort: string; dir: 'asc' | 'desc' }[] = [
  { label: 'Date created (newest)', sort: 'created', dir: 'desc' },
  { label: 'Date created (oldest)', sort: 'created', dir: 'asc' },
  { label: 'Name A-Z', sort: 'name', dir: 'asc' },
  { label: 'Name Z-A', sort: 'name', dir: 'desc' },
  { label: 'Last activity', sort: 'lastActivity', dir: 'desc' },
];

/** The user's state in words on a coloured badge (locked, never logged in, active). */
function StatusBadge({ user }: { user: Pick<AdminUserRow, 'isLocked' | 'lastLoginAt'> }) {
  const [tone, label]: [BadgeTone, string] = user.isLocked ? ['danger', 'Locked'] : user.lastLoginAt ? ['success', 'Active'] : ['neutral', 'Never logged in'];
  return <Badge tone={tone}>{label}</Badge>;
}

export default function UserList() {
  const { page, flash, constraint } = useLoaderData<typeof loader>();
  const location = useLocation();
  const state = page.query as unknown as ListState;
  const here = `${location.pathname}${location.search}`;
  const [editing, setEditing] = useState<EditableUser | null | undefined>(undefined);
  // A saved user redirects back here (a new location): the dialog closes and the list shows 'User saved.'.
  useEffect(() => setEditing(undefined), [location.key]);
  const openEditor = (user: EditableUser | null) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (typeof HTMLDialogElement === 'undefined') return; // no <dialog>: follow the link to the page
    event.preventDefault();
    setEditing(user);
  };
  const license = (state.filters.license as string | undefined) ?? '';
  const rows = page.rows as unknown as AdminUserRow[];
  const columns: DataColumn<AdminUserRow>[] = [
    { key: 'status', header: 'Status', cell: (u) => <StatusBadge user={u} /> },
    { key: 'id', nowrap: true, header: 'ID', cell: (u) => u.userId },
    { key: 'created', nowrap: true, header: 'Created at', sortable: true, cell: (u) => shortDate(u.createdAt) },
    { key: 'name', header: 'Name', sortable: true, cell: (u) => `${u.firstName} ${u.lastName}` },
    { key: 'email', header: 'Email', cell: (u) => u.email },
    { key: 'access', header: 'Access', cell: (u) => <Badge tone={u.isLocked ? 'danger' : 'neutral'}>{u.isLocked ? 'Locked' : 'Enabled'}</Badge> },
    { key: 'lastActivity', header: 'Last login', sortable: true, cell: (u) => (u.lastLoginAt ? shortDateTime(u.lastLoginAt) : 'Never') },
    {
      key: 'organisation',
      header: 'Organisation',
      cell: (u) =>
        u.organisationId ? (
          <Link to={`/admin/organisation-editor/${u.organisationId}`}>
            {u.organisationName}
            {u.isOrganisationAdmin ? ' (org admin)' : ''}
          </Link>
        ) : (
          'No organisation'
        ),
    },
    {
      key: 'menu',
      header: 'Actions',
      hiddenHeader: true,
      cell: (u) => (
        <div className="admin-row-menu">
          <Link
            className="button small"
            to={`${userEditorPath(u)}?returnTo=${encodeURIComponent(here)}`}
            onClick={openEditor(u)}
            aria-label={`Edit user ${u.firstName} ${u.lastName}`}
          >
            Edit user
          </Link>
          <Link className="button small" to={`/admin/communication-list/${encodeURIComponent(u.email)}`} aria-label={`View emails of ${u.email}`}>
            View emails
          </Link>
          {u.organisationId ? (
            <ConfirmForm
              label={u.isOrganisationAdmin ? 'Revoke org admin' : 'Grant org admin'}
              question={
                u.isOrganisationAdmin
                  ? `Revoke organisation admin from ${u.firstName} ${u.lastName}?`
                  : `Make ${u.firstName} ${u.lastName} an admin of ${u.organisationName}?`
              }
              confirmLabel={u.isOrganisationAdmin ? 'Yes, revoke' : 'Yes, grant'}
              action={PATH}
              fields={{ intent: 'orgAdmin', userId: u.userId, value: u.isOrganisationAdmin ? 'false' : 'true', returnTo: here }}
            />
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <section aria-labelledby="user-list-title">
      <AdminPageHead
        title="User list"
        titleId="user-list-title"
        subtitle={
          <span className="admin-count">
            <strong>{page.total}</strong> {page.total === 1 ? 'user' : 'users'}
          </span>
        }
        actions={
          <>
            <Link className="button primary" to={`/admin/user-editor?returnTo=${encodeURIComponent(here)}`} onClick={openEditor(null)}>
              Create user
            </Link>
            <Link className="button" to="/admin/team-list">
              Organisation and team list
            </Link>
          </>
        }
      />
      <Flash message={flash} />
      <LicenceAndSortChips idPrefix="user" path={PATH} state={state} license={license} sorts={SORTS} />
      <DataTable
        path={PATH}
        caption="Users"
        columns={columns}
        rows={rows}
        rowKey={(u) => u.userId}
        state={state}
        total={page.total}
        pageCount={page.pageCount}
        searchLabel="Search by name, email or ID"
        filters={license ? <input type="hidden" name="license" value={license} /> : null}
        emptyMessage={state.q || license ? 'No matching records to display.' : 'No records to display.'}
        Link={TableLink}
      />
      {editing !== undefined ? <UserEditorDialog user={editing} constraint={constraint} returnTo={here} onClose={() => setEditing(undefined)} /> : null}
    </section>
  );
}
