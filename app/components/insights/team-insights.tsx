import { useCallback, type MouseEvent } from 'react';
import { Form, useLocation, useNavigate } from '@remix-run/react';
import type { ProgressStatus } from '@modules/journeys/index.server';
import type { TeamInsightsData } from '../../features/insights/insights-data.server';
import { RetentionChart } from './retention-chart';
import { ProgressChart } from './progress-chart';
import { SegmentDialog } from './segment-dialog';
import { InsightsSummary, LearnerTable } from './learner-table';

/** The one insights view (learner insights page and admin STATS tab): period picker, both charts, the drill-down. */
export function TeamInsights({ data, profileHref, segmentLimit, csvHref }: { data: TeamInsightsData; profileHref?: (userId: number) => string; segmentLimit: number; csvHref: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const weeksQuery = data.weeks === data.weekChoices[0] ? '' : `weeks=${data.weeks}`;
  const segmentHref = useCallback(
    (journeyId: number, status: ProgressStatus) => `${location.pathname}?${weeksQuery ? `${weeksQuery}&` : ''}segment=${journeyId}:${status}`,
    [location.pathname, weeksQuery],
  );
  const closeHref = `${location.pathname}${weeksQuery ? `?${weeksQuery}` : ''}`;
  const onSegmentClick = useCallback(
    (event: MouseEvent<Element>, href: string) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
      event.preventDefault();
      navigate(href, { preventScrollReset: true });
    },
    [navigate],
  );
  return (
    <div className="insights">
      <InsightsSummary summary={data.summary} />
      <Form method="get" className="insights-period" preventScrollReset>
        <label htmlFor="insights-weeks">Period</label>
        <select id="insights-weeks" name="weeks" defaultValue={String(data.weeks)} key={data.weeks}>
          {data.weekChoices.map((w) => (
            <option key={w} value={w}>
              Last {w} weeks
            </option>
          ))}
        </select>
        <button type="submit" className="button small">
          Show
        </button>
      </Form>
      <div className="insights-grid">
        <RetentionChart chart={data.retentionChart} retention={data.retention} />
        <ProgressChart chart={data.progressChart} progress={data.progress} segmentHref={segmentHref} onSegmentClick={onSegmentClick} />
      </div>
      <LearnerTable learners={data.learners} csvHref={csvHref} profileHref={profileHref} />
      {data.segment ? <SegmentDialog segment={data.segment} closeHref={closeHref} profileHref={profileHref} limit={segmentLimit} /> : null}
    </div>
  );
}
