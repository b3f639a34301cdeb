import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link } from '~/components/link';
import { ADMIN_HOME_SECTIONS } from '~/features/admin/admin-routes';
import { requireProductAdmin } from '~/utils/session.server';

export const meta: MetaFunction = () => [{ title: 'Admin | Leda Admin' }];

/** /admin: admin home with its three sections (admin-console section 2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  return null;
}

export default function AdminHome() {
  return (
    <section className="admin-home">
      <h1>Admin home</h1>
      <div className="admin-home-sections">
        {ADMIN_HOME_SECTIONS.map((s) => (
          <section key={s.title} className="admin-card" aria-labelledby={`admin-${s.title.replace(/\W+/g, '-').toLowerCase()}`}>
            <h2 id={`admin-${s.title.replace(/\W+/g, '-').toLowerCase()}`}>{s.title}</h2>
            <ul>
              {s.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
