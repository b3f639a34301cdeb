import type { ActionFunctionArgs, LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { FeedbackType, getReferenceData, getSkillWithContent } from '@modules/catalogue/index.server';
import { getDb } from '@modules/shared/index.server';
import { EXPLORE_CRUMB } from '~/components/explore/breadcrumbs';
import { ExplorePage, Section, exploreLinks, groupColours } from '~/components/explore/explore-page';
import { LockedPanel, ThumbsForm } from '~/components/explore/feedback-forms';
import { Html } from '~/components/explore/html';
import { RelatedVideos } from '~/components/explore/related';
import { SkillChips, SkillGroupMenu } from '~/components/explore/skill-groups';
import { badRequest, parseIntent, saveFeedback, skillIntent } from '~/features/explore/explore.server';
import { notFound, routeId } from '~/utils/route-params.server';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const links = exploreLinks;
export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => data?.skill.name ?? 'Skill');

async function loadSkill(param: string | undefined) {
  const skill = await getSkillWithContent(getDb(), routeId(param));
  if (!skill) notFound();
  return skill;
}

/** /app/explore/skill/{skill}: content, related videos, thumbs, sibling skills, the side menu of groups. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const [skill, reference] = await Promise.all([loadSkill(params.skill), getReferenceData(getDb())]);
  const groups = reference.capabilities.flatMap((c) => c.skillGroups);
  const group = groups.find((g) => g.skillGroupId === skill.skillGroupId) ?? null;
  return {
    skill: {
      skillId: skill.skillId,
      urlId: skill.urlId,
      name: skill.name,
      overview: skill.overview,
      isLocked: skill.isLocked,
      // Locked skills answer as locked, never with their content.
      content: skill.isLocked ? null : skill.content,
      relatedVideos: skill.isLocked ? [] : (skill.relatedVideos ?? []),
    },
    group: group
      ? {
          skillGroupId: group.skillGroupId,
          urlId: group.urlId,
          name: group.name,
          primaryColour: group.primaryColour,
          complementaryColour: group.complementaryColour,
          skills: group.skills.map((s) => ({ skillId: s.skillId, urlId: s.urlId, name: s.name, isLocked: s.isLocked })),
        }
      : null,
    groups: groups.map((g) => ({ skillGroupId: g.skillGroupId, urlId: g.urlId, name: g.name, primaryColour: g.primaryColour, complementaryColour: g.complementaryColour })),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const skill = await loadSkill(params.skill);
  const body = await parseIntent(request, skillIntent);
  if (!body) return badRequest();
  if (body.intent === 'thumbs') return saveFeedback(request, user, { ...body, feedbackType: FeedbackType.SkillPageThumbs });
  return saveFeedback(request, user, { intent: 'interest', name: skill.name });
}

export default function SkillPage() {
  const { skill, group, groups } = useLoaderData<typeof loader>();
  const crumbs = [EXPLORE_CRUMB, { label: 'Skills', to: '/app/explore/skill' }, { label: skill.name }];
  return (
    <ExplorePage crumbs={crumbs} title={skill.name}>
      <div className="with-side">
        <div className="explore" style={groupColours(group)}>
          <div className="skill-hero">
            {group ? <p className="card-kicker">{group.name}</p> : null}
            {skill.overview ? <p>{skill.overview}</p> : null}
          </div>
          {skill.isLocked ? (
            <LockedPanel what="skill" name={skill.name} key={`locked-${skill.skillId}`} />
          ) : (
            <>
              <article className="content-panel rich-text">
                {skill.content ? <Html html={skill.content} /> : <p>No skill content to display.</p>}
              </article>
              <ThumbsForm key={`thumbs-${skill.skillId}`} prompt="Was this skill page helpful?" />
              {skill.relatedVideos.length ? (
                <Section id="related-videos" title="Related videos">
                  <RelatedVideos videos={skill.relatedVideos} />
                </Section>
              ) : null}
            </>
          )}
          {group ? (
            <Section id="siblings" title={`More ${group.name} skills`} link={<Link to={`/app/explore/skill/group/${group.urlId}`}>View group</Link>}>
              <SkillChips skills={group.skills.filter((s) => s.skillId !== skill.skillId)} label={`Other ${group.name} skills`} />
            </Section>
          ) : null}
        </div>
        <SkillGroupMenu groups={groups} currentGroupId={group?.skillGroupId} />
      </div>
    </ExplorePage>
  );
}
