import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link } from '~/components/link';
import { ADMIN_HOME_SECTIONS } from '~/features/admin/admin-routes';
import { requireProductAdmin } from '~/utils/session.server';
import { AdminPageHead } from '~/components/admin/page-head';
import { Card } from '~/components/ui';

export const meta: MetaFunction = () => [{ title: 'Admin | Leda Admin' }];

/** /admin: admin home with its three sections (admin-console section 2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  return null;
}

export default function AdminHome() {
  return (
    <section className="admin-home">
      <AdminPageHead title="Admin home" />
      <div className="admin-home-sections">
        {ADMIN_HOME_SECTIONS.map((s) => (
          <Card key={s.title} title={s.title} titleId={`admin-${s.title.replace(/\W+/g, '-').toLowerCase()}`} tone="brand" className="admin-home-card">
            <ul>
              {s.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </section>
  );
}
