import { getDb } from '@modules/shared/index.server';
import { completionRate, getProgressSegment, getTeamJourneyProgress, getTeamLearnerProgress, parseSegmentParam } from '@modules/journeys/index.server';
import { DEFAULT_RETENTION_WEEKS, getTeamRetention, RETENTION_WEEK_CHOICES, type RetentionWeeks } from '@modules/admin/index.server';
import { progressGeometry, retentionGeometry } from './chart-geometry.server';

/**
 * What both insights screens (learner /app/team/{teamId}/insights and the admin team editor's STATS
 * tab) load, after their own guard: the retention and journey-progress data, their chart geometry,
 * and the drill-down named by ?segment=journeyId:status (the modal, or the plain list without JS).
 * ?weeks=12|26|52 picks the retention period.
 */
export async function loadTeamInsights(teamId: number, url: URL) {
  const db = getDb();
  const asked = Number(url.searchParams.get('weeks'));
  const weeks: RetentionWeeks = (RETENTION_WEEK_CHOICES as readonly number[]).includes(asked) ? (asked as RetentionWeeks) : DEFAULT_RETENTION_WEEKS;
  const wanted = parseSegmentParam(url.searchParams.get('segment'));
  const [retention, progress, learners, segment] = await Promise.all([
    getTeamRetention(db, teamId, { weeks }),
    getTeamJourneyProgress(db, teamId),
    getTeamLearnerProgress(db, teamId),
    wanted ? getProgressSegment(db, teamId, wanted.journeyId, wanted.status) : Promise.resolve(null),
  ]);
  return {
    weeks,
    weekChoices: [...RETENTION_WEEK_CHOICES],
    retention,
    retentionChart: retentionGeometry(retention),
    progress,
    progressChart: progressGeometry(progress),
    segment,
    learners,
    // Summary figures (issue 25 s.4): members active this week (the retention's last week) and the
    // share of the team's scheduled journeys its members completed.
    summary: {
      members: retention.memberCount,
      activeThisWeek: retention.weeks.at(-1)?.activeUsers ?? 0,
      completionRate: completionRate(learners),
    },
  };
}

export type TeamInsightsData = Awaited<ReturnType<typeof loadTeamInsights>>;
