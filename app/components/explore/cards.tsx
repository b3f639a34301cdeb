import { Link } from '~/components/link';
import type { CSSProperties, ReactNode } from 'react';
import { groupColours } from './explore-page';
import { CoverArt, type CoverKind } from '~/components/cover-art';

/**
 * The one explore card: a coloured top edge, a kicker, a one-line name linking to the item, a clamped
 * overview and a footer. Skill, story, game and assessment cards all render through it.
 */
export function ExploreCard({
  to,
  title,
  kicker,
  text,
  clamp = 4,
  action,
  badge,
  locked,
  style,
  cover,
}: {
  to: string;
  title: string;
  kicker?: ReactNode;
  text?: string | null;
  clamp?: 4 | 5;
  action?: ReactNode;
  badge?: ReactNode;
  locked?: boolean;
  style?: CSSProperties;
  /** Generated cover art from the title (skills, stories). */
  cover?: CoverKind;
}) {
  return (
    <article className={`explore-card${locked ? ' is-locked' : ''}${cover ? ' has-cover' : ''}`} style={style}>
      {cover ? <CoverArt title={title} kind={cover} /> : null}
      {kicker ? <p className="card-kicker">{kicker}</p> : null}
      <h3 title={title}>
        <Link to={to} prefetch="intent">
          {title}
        </Link>
      </h3>
      {text ? <p className={`card-text clamp-${clamp}`}>{text}</p> : null}
      {action || badge || locked ? (
        <div className="card-footer">
          {action ? <span className="card-action">{action}</span> : <span />}
          {locked ? <span className="badge locked">Locked</span> : badge}
        </div>
      ) : null}
    </article>
  );
}

export function CardGrid({ children, label }: { children: ReactNode[]; label?: string }) {
  return (
    <ul className="card-grid" aria-label={label}>
      {children.map((c, i) => (
        <li key={i}>{c}</li>
      ))}
    </ul>
  );
}

type Colours = { primaryColour?: string | null; complementaryColour?: string | null };

export interface SkillCardData {
  urlId: string;
  name: string;
  overview?: string | null;
  isLocked?: boolean;
}

export function SkillCard({ skill, group }: { skill: SkillCardData; group?: (Colours & { name?: string }) | null }) {
  return (
    <ExploreCard
      to={`/app/explore/skill/${skill.urlId}`}
      title={skill.name}
      kicker={group?.name ?? 'Skill'}
      text={skill.overview}
      clamp={5}
      locked={skill.isLocked}
      cover="skill"
      action="Read more"
      style={groupColours(group)}
    />
  );
}

export interface StoryCardData {
  urlId: string;
  name: string;
  overview?: string | null;
  isLocked?: boolean;
}

/** A story card: 'Start Story' when nothing is watched, 'View Story' otherwise; links to the first unwatched chapter. */
export function StoryCard({ story, state, to, kicker }: { story: StoryCardData; state: StoryState; to: string; kicker?: string }) {
  return (
    <ExploreCard
      to={to}
      title={story.name}
      kicker={kicker ?? 'Story'}
      text={story.overview}
      locked={story.isLocked}
      cover="story"
      action={story.isLocked ? undefined : state.watched === 0 ? 'Start Story' : 'View Story'}
      badge={state.completed ? <span className="badge done">Completed</span> : state.watched > 0 ? <span className="badge">{`${state.watched} of ${state.total} watched`}</span> : null}
    />
  );
}

export interface StoryState {
  watched: number;
  total: number;
  completed: boolean;
}

export function GameCard({ game, completed }: { game: { urlId: string; name: string; overview?: string | null }; completed?: boolean }) {
  return (
    <ExploreCard
      to={`/app/explore/games/${game.urlId}`}
      title={`${game.name} Game`}
      kicker="Dialogue game"
      text={game.overview}
      action="Play"
      badge={completed ? <span className="badge done">Played</span> : null}
    />
  );
}

export function AssessmentCard({ assessment, completed }: { assessment: { urlId: string; name: string; overview?: string | null }; completed?: boolean }) {
  return (
    <ExploreCard
      to={`/app/explore/assessments/${assessment.urlId}`}
      title={assessment.name}
      kicker="Self-assessment survey"
      text={assessment.overview}
      action="Take survey"
      badge={completed ? <span className="badge done">Completed</span> : null}
    />
  );
}
