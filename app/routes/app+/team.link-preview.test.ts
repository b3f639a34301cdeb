import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { AudienceType, savePost } from '@modules/social/index.server';
import { renderRoute } from '../../../tests/support/render-route';
import { makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { noScheduler } from '../../../tests/support/post-matrix';
import * as teamHome from './team.$teamId._index';
import * as postPage from './post.$postId';

/** Link previews on post cards: read from the cache the editor filled, sanitised, opened in a new tab (decision 187). */
const cachePreview = (url: string, preview: unknown) =>
  getDb()
    .insertInto('link_previews')
    .values({ url_hash: createHash('sha256').update(url).digest('hex'), url, preview: JSON.stringify(preview), fetched_at: new Date('2026-01-01T00:00:00Z') })
    .execute();

describe('link previews on post cards', () => {
  it('shows the cached preview (sanitised, new tab, nofollow noopener) and a plain link when none is cached; fetches nothing', async () => {
    const team = await makeTeam();
    const admin = await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId, isTeamAdmin: true }] });
    const member = await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId }] });
    const { cookie } = await signIn(member.userId);
    const author = (await getCurrentUser(getDb(), admin.userId))!;
    const withPreview = `https://preview-${Date.now()}.example.com/article`;
    const withoutPreview = `https://plain-${Date.now()}.example.com/page`;
    await cachePreview(withPreview, {
      url: withPreview,
      title: '<script>alert(1)</script>Five <b>leadership</b> habits',
      description: 'Short <img src=x onerror=alert(2)>and practical',
      image: 'javascript:alert(3)',
      video: null,
    });
    const post = await savePost(getDb(), author, { text: 'Worth a read', audienceType: AudienceType.Team, teamId: team.teamId, url: withPreview }, noScheduler);
    await savePost(getDb(), author, { text: 'No preview here', audienceType: AudienceType.Team, teamId: team.teamId, url: withoutPreview }, noScheduler);

    const home = await renderRoute(`/app/team/${team.teamId}`, { route: teamHome, cookie, params: { teamId: String(team.teamId) } });
    expect(home.text).toContain('Five leadership habits');
    expect(home.text).toContain('Short and practical');
    expect(home.html).toContain(`<a class="post-link-preview" href="${withPreview}" target="_blank" rel="nofollow noopener noreferrer">`);
    expect(home.html).not.toMatch(/<script>alert|onerror|javascript:/);
    // No cached preview: the URL itself, still in a new tab with nofollow.
    expect(home.html).toContain(`<a href="${withoutPreview}" target="_blank" rel="nofollow noopener noreferrer">${withoutPreview}</a>`);

    const page = await renderRoute(`/app/post/${post.postId}`, { route: postPage, cookie, params: { postId: String(post.postId) } });
    expect(page.text).toContain('Five leadership habits');

    // Rendering read the cache and fetched nothing: the rows are as the editor left them, and none was added.
    const rows = await getDb().selectFrom('link_previews').select(['url', 'fetched_at']).where('url', 'in', [withPreview, withoutPreview]).execute();
    expect(rows.map((r) => [r.url, new Date(r.fetched_at).toISOString()])).toEqual([[withPreview, '2026-01-01T00:00:00.000Z']]);
  });
});
