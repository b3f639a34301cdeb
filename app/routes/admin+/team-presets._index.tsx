import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { getDb, logger } from '@modules/shared/index.server';
import { createPreset, duplicatePreset, listPresets, presetList, presetSchemas } from '@modules/admin/index.server';
import { DataTable, type DataColumn } from '~/components/data-table';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { readFormData } from '~/utils/form.server';
import { requireProductAdmin } from '~/utils/session.server';
import { presetListIntent } from '~/features/admin/admin-forms.server';
import scheduleStyles from '~/components/admin/schedule/schedule.css';
import { AdminPageHead } from '~/components/admin/page-head';
import { Card, Toast } from '~/components/ui';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: scheduleStyles }];
export const meta: MetaFunction = () => [{ title: 'Pre-set team settings | Leda Admin' }];
export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Pre-set team settings', to: '/admin/team-presets' }) };

/** /admin/team-presets: the preset list (search, sort, paging in the URL) with create new, duplicate and edit. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const query = presetList.parse(new URL(request.url));
  return listPresets(getDb(), query);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const form = Object.fromEntries(await readFormData(request));
  const parsed = presetListIntent.safeParse(form);
  if (!parsed.success) return data({ errors: { form: 'Bug while saving preset' } as Record<string, string> }, { status: 400 });
  if (parsed.data.intent === 'duplicate') {
    try {
      const copy = await duplicatePreset(getDb(), admin.userId, parsed.data.presetId);
      return redirect(`/admin/team-presets/${copy.presetId}`);
    } catch (err) {
      logger().warn({ err }, 'duplicate preset failed');
      return data({ errors: { form: 'Bug while saving preset' } as Record<string, string> }, { status: 400 });
    }
  }
  const body = presetSchemas.create.safeParse({ name: parsed.data.name ?? '', description: parsed.data.description ?? '' });
  if (!body.success) {
    const errors: Record<string, string> = {};
    for (const i of body.error.issues) errors[String(i.path[0])] ??= i.message;
    return data({ errors }, { status: 400 });
  }
  const created = await createPreset(getDb(), admin.userId, body.data);
  return redirect(`/admin/team-presets/${created.presetId}`);
}

type Row = Awaited<ReturnType<typeof loader>>['rows'][number];

export default function PresetList() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.errors ?? {};
  const columns: DataColumn<Row>[] = [
    { key: 'id', header: 'ID', sortable: true, cell: (r) => r.presetId },
    { key: 'name', header: 'Name', sortable: true, cell: (r) => <Link to={`/admin/team-presets/${r.presetId}`}>{r.name}</Link> },
    { key: 'description', header: 'Description', cell: (r) => <span className="truncate-3">{r.description}</span> },
    { key: 'journeys', header: 'Journeys', cell: (r) => r.journeyCount },
    { key: 'posts', header: 'Posts', cell: (r) => r.postCount },
    {
      key: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      cell: (r) => (
        <span className="row-actions">
          <Link to={`/admin/team-presets/${r.presetId}`} className="button small secondary" aria-label={`Edit ${r.name}`}>
            Edit
          </Link>
          <Form method="post" className="inline-form">
            <input type="hidden" name="intent" value="duplicate" />
            <input type="hidden" name="presetId" value={r.presetId} />
            <button type="submit" className="button small secondary" aria-label={`Duplicate ${r.name}`}>
              Duplicate
            </button>
          </Form>
        </span>
      ),
    },
  ];
  return (
    <section className="presets-page">
      <AdminPageHead title="Pre-set team settings" />
      {errors.form ? <Toast tone="danger">{errors.form}</Toast> : null}
      <DataTable
        path="/admin/team-presets"
        caption="Presets"
        columns={columns}
        rows={page.rows}
        rowKey={(r) => r.presetId}
        state={page.query}
        total={page.total}
        pageCount={page.pageCount}
        searchLabel="Search presets"
        Link={(p) => <Link {...p} />}
        emptyMessage={page.query.q ? 'No matching records to display.' : 'No records to display.'}
      />
      <Card title="Create new preset" titleId="new-preset" className="admin-form-card">
        <Form method="post" className="preset-row-form">
          <input type="hidden" name="intent" value="create" />
          <div className="field">
            <label htmlFor="new-preset-name">Name</label>
            <input id="new-preset-name" name="name" required maxLength={250} aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? 'new-preset-name-error' : undefined} autoFocus={!!errors.name} />
            {errors.name ? (
              <p id="new-preset-name-error" className="field-errors" role="alert">
                {errors.name}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="new-preset-description">Description (optional)</label>
            <textarea id="new-preset-description" name="description" rows={2} maxLength={2000} aria-invalid={errors.description ? true : undefined} aria-describedby={errors.description ? 'new-preset-description-error' : undefined} />
            {errors.description ? (
              <p id="new-preset-description-error" className="field-errors" role="alert">
                {errors.description}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button">
            Create new
          </button>
        </Form>
      </Card>
    </section>
  );
}
