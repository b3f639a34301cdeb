import { Link } from '~/components/link';

/** Team name then the page, as the team pages show it. */
export function TeamCrumbs({ teamId, teamName, page }: { teamId: number; teamName: string; page: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        <li>
          <Link to={`/app/team/${teamId}`}>{teamName}</Link>
        </li>
        <li aria-current="page">{page}</li>
      </ol>
    </nav>
  );
}
