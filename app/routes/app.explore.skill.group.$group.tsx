import type { ActionFunctionArgs, LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FeedbackType, getReferenceData, getSkillGroup } from '@modules/catalogue/index.server';
import { EXPLORE_CRUMB } from '~/components/explore/breadcrumbs';
import { CardGrid, SkillCard } from '~/components/explore/cards';
import { EmptyMessage, ExplorePage, exploreLinks, groupColours } from '~/components/explore/explore-page';
import { ThumbsForm } from '~/components/explore/feedback-forms';
import { SkillGroupMenu } from '~/components/explore/skill-groups';
import { badRequest, notFound, parseIntent, routeId, saveFeedback, thumbsIntent } from '~/utils/explore.server';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const links = exploreLinks;
export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => data?.group.name ?? 'Skill group');

async function loadGroup(param: string | undefined) {
  const group = await getSkillGroup(routeId(param));
  if (!group) notFound();
  return group;
}

/** /app/explore/skill/group/{group}: one skill group in its colours, its skills, the side menu of groups. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const [group, reference] = await Promise.all([loadGroup(params.group), getReferenceData()]);
  const groups = reference.capabilities.flatMap((c) => c.skillGroups);
  return {
    group: {
      skillGroupId: group.skillGroupId,
      urlId: group.urlId,
      name: group.name,
      overview: group.overview,
      primaryColour: group.primaryColour,
      complementaryColour: group.complementaryColour,
      skills: group.skills.map((s) => ({ skillId: s.skillId, urlId: s.urlId, name: s.name, overview: s.overview, isLocked: s.isLocked })),
    },
    groups: groups.map((g) => ({ skillGroupId: g.skillGroupId, urlId: g.urlId, name: g.name, primaryColour: g.primaryColour, complementaryColour: g.complementaryColour })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  await loadGroup(params.group);
  const body = await parseIntent(request, thumbsIntent);
  if (!body) return badRequest();
  return saveFeedback(request, user, { ...body, feedbackType: FeedbackType.SkillGroupPageThumbs });
}

export default function SkillGroupPage() {
  const { group, groups } = useLoaderData<typeof loader>();
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
          <ThumbsForm key={`thumbs-${group.skillGroupId}`} prompt="Was this page helpful?" />
        </div>
        <SkillGroupMenu groups={groups} currentGroupId={group.skillGroupId} />
      </div>
    </ExplorePage>
  );
}
