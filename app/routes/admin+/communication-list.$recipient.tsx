import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { communicationsList, listCommunicationsOf, peopleSchemas, type CommunicationView } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { DataTable, type DataColumn, type ListState } from '~/components/data-table';
import { shortDateTime, TableLink } from '~/components/admin/people';
import peopleStylesHref from '~/components/admin/people.css';
import { requireProductAdmin } from '~/utils/session.server';
import { AdminPageHead } from '~/components/admin/page-head';
import { Badge } from '~/components/ui';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: peopleStylesHref }];
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `Emails to ${d?.recipient ?? ''} | Leda Admin` }];
export const handle: BreadcrumbHandle = {
  breadcrumb: (match) => ({ label: `Communications: ${(match.data as { recipient?: string } | undefined)?.recipient ?? ''}` }),
};

/** /admin/communication-list/{recipient}: every email stored for the address, newest first, searchable on content. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const recipient = peopleSchemas.recipientParam.safeParse(params.recipient);
  if (!recipient.success) throw new Response('Not found', { status: 404 });
  const page = await listCommunicationsOf(getDb(), recipient.data, communicationsList.parse(new URL(request.url)));
  return { recipient: recipient.data, page };
}

export default function CommunicationList() {
  const { recipient, page } = useLoaderData<typeof loader>();
  const state = page.query as unknown as ListState;
  const columns: DataColumn<CommunicationView>[] = [
    { key: 'id', header: 'ID', sortable: true, cell: (c) => c.communicationId },
    { key: 'created', header: 'Created at', sortable: true, cell: (c) => shortDateTime(c.createdAt) },
    {
      key: 'content',
      header: 'Content',
      cell: (c) => (
        <article className="comm-content" aria-label={`Email: ${c.subject}`}>
          <p>
            <strong>{c.subject}</strong> <Badge tone={c.status === 'sent' ? 'success' : c.status === 'failed' ? 'danger' : 'neutral'}>{c.status}</Badge>
          </p>
          {/* Sanitised on the server, removed links unlinked (communications-admin.server.ts). */}
          <div dangerouslySetInnerHTML={{ __html: c.shownContent }} />
        </article>
      ),
    },
  ];
  return (
    <section aria-labelledby="comm-title">
      <AdminPageHead
        title={`Communications to ${recipient}`}
        titleId="comm-title"
        actions={
          <Link to="/admin/user-list" className="button">
            Back to the user list
          </Link>
        }
      />
      <DataTable
        path={`/admin/communication-list/${encodeURIComponent(recipient)}`}
        caption={`Emails sent to ${recipient}`}
        columns={columns}
        rows={page.rows as unknown as CommunicationView[]}
        rowKey={(c) => c.communicationId}
        state={state}
        total={page.total}
        pageCount={page.pageCount}
        searchLabel="Search the emails' content"
        emptyMessage={state.q ? 'No matching records to display.' : 'No records to display.'}
        Link={TableLink}
      />
    </section>
  );
}
