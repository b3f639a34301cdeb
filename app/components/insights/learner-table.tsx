import type { TeamInsightsData } from '../../features/insights/insights-data.server';

/** The summary figures at the top of the insights (issue 25 s.4): members, active this week, completion rate. */
export function InsightsSummary({ summary }: { summary: TeamInsightsData['summary'] }) {
  return (
    <dl className="insights-summary">
      <div>
        <dt>Members</dt>
        <dd>{summary.members}</dd>
      </div>
      <div>
        <dt>Active this week</dt>
        <dd>
          {summary.activeThisWeek}
          {summary.members ? <small> ({Math.round((100 * summary.activeThisWeek) / summary.members)}%)</small> : null}
        </dd>
      </div>
      <div>
        <dt>Completion rate</dt>
        <dd>{summary.completionRate === null ? '–' : `${summary.completionRate}%`}</dd>
      </div>
    </dl>
  );
}

/**
 * Each learner's progress through the team's scheduled journeys, with a CSV export. A table on wide
 * screens; on narrow ones each row reads as a card (insights.css), so nothing scrolls sideways.
 */
export function LearnerTable({ learners, csvHref, profileHref }: { learners: TeamInsightsData['learners']; csvHref: string; profileHref?: (userId: number) => string }) {
  return (
    <section className="insights-learners" aria-labelledby="learners-title">
      <div className="insights-learners-head">
        <h2 id="learners-title">Learners</h2>
        <a className="button small secondary" href={csvHref} download>
          Export CSV
        </a>
      </div>
      {learners.length ? (
        <table className="learner-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Completed</th>
              <th scope="col">In progress</th>
              <th scope="col">Progress</th>
            </tr>
          </thead>
          <tbody>
            {learners.map((l) => (
              <tr key={l.userId}>
                <th scope="row">
                  {profileHref ? <a href={profileHref(l.userId)}>{l.fullName}</a> : l.fullName}
                  {l.jobTitle ? <span className="learner-job">{l.jobTitle}</span> : null}
                </th>
                <td data-label="Completed">
                  {l.completed} of {l.total}
                </td>
                <td data-label="In progress">{l.inProgress}</td>
                <td data-label="Progress">
                  <span className="learner-progress">
                    <progress max={100} value={l.percent} aria-label={`${l.fullName}: ${l.percent}% of journeys completed`} /> {l.percent}%
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="empty-message">This team has no members yet.</p>
      )}
    </section>
  );
}
