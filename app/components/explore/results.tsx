import { Link } from '~/components/link';
import type { ReactNode } from 'react';
import { Html } from './html';

export interface ResultsView {
  skills: { skillId: number; name: string; points: number; maxPoints: number | null }[];
  feedbacks: { key: string | number; htmlContent: string }[];
  activities: { key: string | number; activityId?: number; name: string }[];
}

/**
 * Results of a game or survey: the points per related skill, then the feedback and activities whose rule
 * matched (the module evaluates the rules and the max-and-min filter).
 */
export function Results({ results, actions }: { results: ResultsView; actions: ReactNode }) {
  return (
    <section className="results" aria-labelledby="results-heading">
      <h3 id="results-heading">Your results</h3>
      {results.skills.length ? (
        <ul className="score-list" aria-label="Skill points">
          {results.skills.map((s) => {
            const pct = s.maxPoints ? Math.max(0, Math.min(100, Math.round((s.points / s.maxPoints) * 100))) : 0;
            return (
              <li key={s.skillId} className="score-row">
                <span>{s.name}</span>
                <strong>{s.maxPoints ? `${s.points} / ${s.maxPoints}` : s.points}</strong>
                {s.maxPoints ? (
                  <span className="score-bar" aria-hidden="true">
                    <span style={{ width: `${pct}%` }} />
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {results.feedbacks.length ? (
        <>
          <h3>Feedback</h3>
          <ul className="feedback-list">
            {results.feedbacks.map((f) => (
              <li key={f.key}>
                <Html html={f.htmlContent} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {results.activities.length ? (
        <>
          <h3>Suggested activities</h3>
          <ul className="feedback-list">
            {results.activities.map((a) => (
              <li key={a.key}>
                <Link to={a.activityId ? `/app/explore/activities#activity-${a.activityId}` : '/app/explore/activities'}>{a.name}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="player-actions">{actions}</div>
    </section>
  );
}
