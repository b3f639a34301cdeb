import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { getReferenceData } from '@modules/catalogue/index.server';
import { getDb } from '@modules/shared/index.server';
import { EXPLORE_CRUMB } from '~/components/explore/breadcrumbs';
import { EmptyMessage, ExplorePage, exploreLinks } from '~/components/explore/explore-page';
import { SkillGroupBlock } from '~/components/explore/skill-groups';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const links = exploreLinks;
export const meta = appMeta('Skills');

/**
 * /app/explore/skill: capabilities, each with its skill groups (fixed colours) and their first
 * SKILLS_PER_GROUP skills; a bigger group links to its own page for the rest, so the page does not
 * grow with the catalogue (docs/decisions/145).
 */
export const SKILLS_PER_GROUP = 8;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const { capabilities } = await getReferenceData(getDb());
  return {
    capabilities: capabilities.map((c) => ({
      capabilityId: c.capabilityId,
      name: c.name,
      overview: c.overview,
      skillGroups: c.skillGroups.map((g) => ({
        skillGroupId: g.skillGroupId,
        urlId: g.urlId,
        name: g.name,
        overview: g.overview,
        primaryColour: g.primaryColour,
        complementaryColour: g.complementaryColour,
        skills: g.skills.slice(0, SKILLS_PER_GROUP).map((s) => ({ skillId: s.skillId, urlId: s.urlId, name: s.name, isLocked: s.isLocked })),
        skillCount: g.skills.length,
      })),
    })),
  };
}

export default function SkillsPage() {
  const { capabilities } = useLoaderData<typeof loader>();
  return (
    <ExplorePage crumbs={[EXPLORE_CRUMB, { label: 'Skills' }]} title="Skills">
      {capabilities.length === 0 ? <EmptyMessage>No skill content to display.</EmptyMessage> : null}
      {capabilities.map((c) => (
        <section key={c.capabilityId} className="capability" aria-labelledby={`capability-${c.capabilityId}`}>
          <header>
            <h2 id={`capability-${c.capabilityId}`}>{c.name}</h2>
            {c.overview ? <p>{c.overview}</p> : null}
          </header>
          {c.skillGroups.map((g) => (
            <SkillGroupBlock key={g.skillGroupId} group={g} />
          ))}
        </section>
      ))}
    </ExplorePage>
  );
}
