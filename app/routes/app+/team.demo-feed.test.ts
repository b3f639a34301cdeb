import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { seedDemoFeed } from '@modules/social/index.server';
import { renderRoute } from '../../../tests/support/render-route';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { noScheduler } from '../../../tests/support/post-matrix';
import * as teamHome from './team.$teamId._index';
import * as notificationsPage from './notifications';

/** The demo's team feed (first `npm start`): every feature of the team screens shows on a fresh start. */
describe('demo team feed', () => {
  it('gives the Leadership Team a pinned post with photos and a PDF, likes, comments, a second page, and the authors notifications', async () => {
    const org = await makeOrganisation({ name: 'Demo Organisation' });
    const leadership = await makeTeam({ organisationId: org, name: 'Leadership Team' });
    const sales = await makeTeam({ organisationId: org, name: 'Sales Team' });
    await makeUser({ email: 'admin@leda.test', isLedaAdmin: true, organisationId: null });
    await makeUser({ email: 'orgadmin@leda.test', organisationId: org, isOrganisationAdmin: true, teams: [{ teamId: leadership.teamId }, { teamId: sales.teamId }] });
    const teamAdmin = await makeUser({ email: 'teamadmin@leda.test', firstName: 'Theo', lastName: 'Teamadmin', organisationId: org, teams: [{ teamId: leadership.teamId, isTeamAdmin: true }] });
    const learner = await makeUser({ email: 'learner@leda.test', organisationId: org, teams: [{ teamId: leadership.teamId }, { teamId: sales.teamId }] });

    await seedDemoFeed(getDb(), { leadership: leadership.teamId, sales: sales.teamId }, noScheduler);

    const { cookie } = await signIn(learner.userId);
    const page = await renderRoute(`/app/team/${leadership.teamId}`, { route: teamHome, cookie, params: { teamId: String(leadership.teamId) } });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Photos from Thursday's retro and offsite");
    // Pinned first, before the newer weekly practice post.
    expect(page.text.indexOf("Photos from Thursday's retro")).toBeLessThan(page.text.indexOf("This week's practice:"));
    expect(page.html).toContain('<strong>This week');
    expect(page.text).toContain('one-on-one-agenda.pdf');
    expect(page.text).toContain('Load more posts');
    expect(page.text).not.toContain('Reminder: our next journey unlocks on Monday');

    const files = await getDb().selectFrom('post_files').select('file_id').execute();
    expect(files.length).toBe(3);
    const scheduled = await getDb().selectFrom('posts').select('id').where('posted_at', 'is', null).where('scheduled_at', 'is not', null).execute();
    expect(scheduled).toHaveLength(1);

    const author = await signIn(teamAdmin.userId);
    const bell = await renderRoute('/app/notifications', { route: notificationsPage, cookie: author.cookie });
    expect(bell.text).toMatch(/comment/i);
    expect(bell.text).toMatch(/like/i);
  });
});
