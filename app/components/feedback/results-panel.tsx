import { Form } from '@remix-run/react';
import { Link } from '~/components/link';

export interface ResultsView {
  responseCount: number;
  pendingCount: number;
  responsesNeeded: number;
  skillIdsGood: number[];
  skillIdsBad: number[];
  answers: { questionIdentifier: string; value: string }[];
  skillVotes: { skillId: number; name: string; good: number; bad: number }[];
}

export interface RecommendationsView {
  journeys: { journeyId: number; urlId: string; name: string; skillNames: string[] }[];
  activities: { activityId: number; name: string; overview: string; skillNames: string[] }[];
}

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

function SkillList({ title, ids, votes, kind }: { title: string; ids: number[]; votes: ResultsView['skillVotes']; kind: 'good' | 'bad' }) {
  const byId = new Map(votes.map((v) => [v.skillId, v]));
  return (
    <section className={`feedback-card skills-${kind}`} aria-labelledby={`skills-${kind}-heading`}>
      <h3 id={`skills-${kind}-heading`}>{title}</h3>
      {ids.length ? (
        <ol className="skill-votes">
          {ids.map((id) => {
            const v = byId.get(id);
            if (!v) return null;
            const n = v[kind];
            return (
              <li key={id}>
                <span className="skill-vote-name">{v.name}</span> <span className="skill-vote-count">chosen by {people(n)}</span>
              </li>
            );
          })}
        </ol>
      ) : (
        <p>No one chose a skill here yet.</p>
      )}
    </section>
  );
}

const answersWord = (n: number) => `${n} ${n === 1 ? 'answer' : 'answers'}`;

/** Results change only in whole batches (decision 240): what waits, and for how many more answers. */
function BatchNote({ results }: { results: ResultsView }) {
  const batch = results.pendingCount + results.responsesNeeded;
  return (
    <p className="feedback-batch-note">
      {results.pendingCount > 0
        ? `${answersWord(results.pendingCount)} newer than these will show once ${results.responsesNeeded} more ${results.responsesNeeded === 1 ? 'person answers' : 'people answer'}. `
        : ''}
      Results update {batch} answers at a time and comments are listed alphabetically, so no single answer can be picked out.
    </p>
  );
}

/**
 * Feedback results (getUserFeedbackResults): hidden until 3 people have answered, with how many more
 * are needed; then the skills done well and to improve (most chosen first), the comments (sorted by
 * text), and journeys and activities that build the skills to improve (decisions 204, 240). The
 * results reflect whole batches of answers only.
 */
export function ResultsPanel({ results, recommendations }: { results: ResultsView; recommendations: RecommendationsView }) {
  if (results.responseCount === 0) {
    return (
      <div className="feedback-card results-hidden">
        <h2>Your results are not ready yet</h2>
        <p>
          {results.pendingCount === 0 ? 'No one has answered yet.' : `${people(results.pendingCount)} answered so far.`} Results show once at least{' '}
          {results.pendingCount + results.responsesNeeded} people have answered, so no single answer can be picked out. You need {results.responsesNeeded} more{' '}
          {results.responsesNeeded === 1 ? 'answer' : 'answers'}.
        </p>
        <p>
          <Link to="?tab=request">Ask more people for feedback</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="feedback-results">
      <h2>What {people(results.responseCount)} said</h2>
      <BatchNote results={results} />
      <div className="feedback-columns">
        <SkillList title="Things you do well" ids={results.skillIdsGood} votes={results.skillVotes} kind="good" />
        <SkillList title="Things to work on" ids={results.skillIdsBad} votes={results.skillVotes} kind="bad" />
      </div>
      <section className="feedback-card" aria-labelledby="comments-heading">
        <h3 id="comments-heading">Comments</h3>
        {results.answers.length ? (
          <ul className="feedback-comments">
            {results.answers.map((a, i) => (
              <li key={i}>
                <blockquote>{a.value}</blockquote>
              </li>
            ))}
          </ul>
        ) : (
          <p>No one added a comment.</p>
        )}
      </section>
      {recommendations.journeys.length || recommendations.activities.length ? (
        <section className="feedback-card recommendations" aria-labelledby="recommend-heading">
          <h3 id="recommend-heading">Build the skills to work on</h3>
          {recommendations.journeys.length ? (
            <>
              <h4>Journeys</h4>
              <ul className="recommend-list">
                {recommendations.journeys.map((j) => (
                  <li key={j.journeyId}>
                    <Link to={`/app/journey/${j.urlId}`}>{j.name}</Link> <span className="recommend-skills">teaches {j.skillNames.join(', ')}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {recommendations.activities.length ? (
            <>
              <h4>Activities</h4>
              <ul className="recommend-list">
                {recommendations.activities.map((a) => (
                  <li key={a.activityId}>
                    <span className="recommend-name" id={`recommend-activity-${a.activityId}`}>
                      {a.name}
                    </span>{' '}
                    <span className="recommend-skills">practises {a.skillNames.join(', ')}</span>
                    <Form method="post" action="/app/explore/activities" className="inline-form">
                      <input type="hidden" name="activityId" value={a.activityId} />
                      <button type="submit" name="intent" value="add" className="button small" aria-describedby={`recommend-activity-${a.activityId}`}>
                        Add to My Activities
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
