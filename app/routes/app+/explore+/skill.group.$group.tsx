import type { ActionFunctionArgs, LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { FeedbackType, getReferenceData, getSkillGroup } from '@modules/catalogue/index.server';
import { getDb } from '@modules/shared/index.server';
import { EXPLORE_CRUMB } from '~/components/explore/breadcrumbs';
import { CardGrid, SkillCard } from '~/components/explore/cards';
import { EmptyMessage, ExplorePage, exploreLinks, groupColours } from '~/components/explore/explore-page';
import { ThumbsForm } from '~/components/explore/feedback-forms';
import { SkillGroupMenu } from '~/components/explore/skill-groups';
import { badRequest, parseIntent, saveFeedback, thumbsIntent } from '~/features/explore/explore.server';
import { notFound, routeId } from '~/utils/route-params.server';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const links = exploreLinks;
export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => data?.group.name ?? 'Skill group');

async function loadGroup(param: string | undefined) {
  const group = await getSkillGroup(getDb(), routeId(param));
  if (!group) notFound();
  return group;
}

/**
 * /app/explore/skill/group/{group}: one skill group in its colours, its skills SKILLS_PER_PAGE a page
 * (?page=n; beyond the last page, or not a number, is a 404), the side menu of groups, so the page
 * does not grow with the group (docs/decisions/145, 146).
 */
export const SKILLS_PER_PAGE = 24;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const pageParam = new URL(request.url).searchParams.get('page') ?? '1';
  if (!/^\d{1,5}$/.test(pageParam) || Number(pageParam) < 1) notFound();
  const [group, reference] = await Promise.all([loadGroup(params.group), getReferenceData(getDb())]);
  const page = Number(pageParam);
  const pageCount = Math.max(1, Math.ceil(group.skills.length / SKILLS_PER_PAGE));
  if (page > pageCount) notFound();
  const groups = reference.capabilities.flatMap((c) => c.skillGroups);
  return {
    group: {
      skillGroupId: group.skillGroupId,
      urlId: group.urlId,
      name: group.name,
      overview: group.overview,
      primaryColour: group.primaryColour,
      complementaryColour: group.complementaryColour,
      skillCount: group.skills.length,
      skills: group.skills.slice((page - 1) * SKILLS_PER_PAGE, page * SKILLS_PER_PAGE).map((s) => ({ skillId: s.skillId, urlId: s.urlId, name: s.name, overview: s.overview, isLocked: s.isLocked })),
    },
    paging: { page, pageCount },
    groups: groups.map((g) => ({ skillGroupId: g.skillGroupId, urlId: g.urlId, name: g.name, primaryColour: g.primaryColour, complementaryColour: g.complementaryColour })),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  await loadGroup(params.group);
  const body = await parseIntent(request, thumbsIntent);
  if (!body) return badRequest();
  return saveFeedback(request, user, { ...body, feedbackType: FeedbackType.SkillGroupPageThumbs });
}

export default function SkillGroupPage() {
  const { group, groups, paging } = useLoaderData<typeof loader>();
  const crumbs = [EXPLORE_CRUMB, { label: 'Skills', to: '/app/explore/skill' }, { label: group.name }];
  return (
    <ExplorePage crumbs={crumbs} title={group.name}>
      <div className="with-side">
        <div className="explore" style={groupColours(group)}>
          {group.overview ? (
            <div className="skill-hero">
              <p>{group.overview}</p>
            </div>
          ) : null}
          {group.skills.length ? (
            <CardGrid label={`${group.name} skills`}>
              {group.skills.map((s) => (
                <SkillCard key={s.skillId} skill={s} group={group} />
              ))}
            </CardGrid>
          ) : (
            <EmptyMessage>No skill content to display.</EmptyMessage>
          )}
          {paging.pageCount > 1 ? (
            <nav className="pager" aria-label={`${group.name} skill pages`}>
              {paging.page > 1 ? <Link to={`?page=${paging.page - 1}`}>Previous</Link> : null}
              <span>
                Page {paging.page} of {paging.pageCount} ({group.skillCount} skills)
              </span>
              {paging.page < paging.pageCount ? <Link to={`?page=${paging.page + 1}`}>Next</Link> : null}
            </nav>
          ) : null}
          <ThumbsForm key={`thumbs-${group.skillGroupId}`} prompt="Was this page helpful?" />
        </div>
        <SkillGroupMenu groups={groups} currentGroupId={group.skillGroupId} />
      </div>
    </ExplorePage>
  );
}
