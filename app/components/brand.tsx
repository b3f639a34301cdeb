import { Link } from '~/components/link';

/** The Leda mark and name, linking home (the site's home, or the app's). */
export function BrandLink({ to = '/', label = 'Leda home' }: { to?: string; label?: string }) {
  return (
    <Link to={to} className="brand" aria-label={label}>
      <span className="brand-mark" aria-hidden="true" />
      <span className="brand-text">Leda</span>
    </Link>
  );
}
