import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { FeedbackType } from '@modules/catalogue/index.server';
import { loader as exploreLoader } from './_index';
import { loader as skillsLoader } from './skill._index';
import { action as skillAction, loader as skillLoader } from './skill.$skill';
import { action as groupAction, loader as groupLoader } from './skill.group.$group';
import { args, formRequest, getRequest, run } from '../../../../tests/support/remix';
import { makeUser, signIn } from '../../../../tests/support/factories';
import { importFixtureStories } from '../../../../tests/support/content';

/** Explore landing, the skills page, a skill page and a skill group page, as a signed-in learner sees them. */
let cookie = '';
let userId = 0;
beforeAll(async () => {
  await importFixtureStories();
  const u = await makeUser();
  userId = u.userId;
  ({ cookie } = await signIn(u.userId));
});

const feedbackRows = () => getDb().selectFrom('system_feedbacks').selectAll().where('user_id', '=', userId).orderBy('id').execute();

describe('/app/explore', () => {
  it('sends an anonymous visitor to log in', async () => {
    const res = await run(() => exploreLoader(args(getRequest('/app/explore'))));
    expect(res.status).toBe(302);
    expect(res.location).toBe('/auth/login?thenTo=%2Fapp%2Fexplore');
  });

  it('shows up to 5 random unlocked skills and up to 5 stories with links to their first chapter', async () => {
    const res = await run(() => exploreLoader(args(getRequest('/app/explore', { cookie }))));
    expect(res.status).toBe(200);
    expect(res.data.skills).toHaveLength(5);
    expect(res.data.skills.every((s: { isLocked: boolean }) => !s.isLocked)).toBe(true);
    expect(res.data.skills[0].skillGroup.primaryColour).toMatch(/^[0-9A-Fa-f]{6}$/);
    expect(res.data.stories).toHaveLength(3); // up to 5: the fixtures have 3
    for (const s of res.data.stories) {
      if (s.story.isLocked) expect(s.to).toBe(`/app/explore/story/${s.story.urlId}`);
      else expect(s.to).toMatch(new RegExp(`^/app/explore/story/${s.story.urlId}/chapter/[a-z0-9-]+$`));
      expect(s.state.watched).toBe(0);
    }
  });
});

describe('/app/explore/skill', () => {
  it('lists the capabilities with their skill groups (fixed colours) and skills', async () => {
    const res = await run(() => skillsLoader(args(getRequest('/app/explore/skill', { cookie }))));
    expect(res.data.capabilities.map((c: { name: string }) => c.name)).toEqual(['Leading Yourself', 'Leading Others']);
    const groups = res.data.capabilities.flatMap((c: { skillGroups: unknown[] }) => c.skillGroups);
    expect(groups.map((g: { urlId: string }) => g.urlId)).toEqual(['self-awareness', 'self-management', 'social-awareness', 'relationship-management']);
    expect(groups[0]).toMatchObject({ name: 'Self-Awareness', primaryColour: 'C9771F', complementaryColour: 'FCE9CF' });
    const skills = groups.flatMap((g: { skills: { urlId: string; isLocked: boolean }[] }) => g.skills);
    expect(skills.length).toBe(11);
    expect(skills.find((s: { urlId: string }) => s.urlId === 'values-and-purpose')?.isLocked).toBe(true);
  });
});

describe('/app/explore/skill/{skill}', () => {
  it('shows the skill content, related videos, siblings in its group and the side menu of groups', async () => {
    const res = await run(() => skillLoader(args(getRequest('/app/explore/skill/empathy', { cookie }), { skill: 'empathy' })));
    expect(res.status).toBe(200);
    expect(res.data.skill).toMatchObject({ name: 'Empathy', isLocked: false });
    expect(res.data.skill.content).toContain('Empathy: fixture text.');
    expect(res.data.skill.relatedVideos.length).toBeGreaterThan(0);
    expect(res.data.skill.relatedVideos[0].videoUrl).toMatch(/^\/media\/videos\//);
    expect(res.data.group).toMatchObject({ urlId: 'social-awareness', name: 'Social Awareness' });
    expect(res.data.group.skills.map((s: { urlId: string }) => s.urlId)).toContain('active-listening');
    expect(res.data.groups).toHaveLength(4);
  });

  it('also opens by numeric id', async () => {
    const bySlug = await run(() => skillLoader(args(getRequest('/app/explore/skill/empathy', { cookie }), { skill: 'empathy' })));
    const id = String(bySlug.data.skill.skillId);
    const byId = await run(() => skillLoader(args(getRequest(`/app/explore/skill/${id}`, { cookie }), { skill: id })));
    expect(byId.data.skill.name).toBe('Empathy');
  });

  it('shows a locked skill as locked, without its content or videos', async () => {
    const res = await run(() => skillLoader(args(getRequest('/app/explore/skill/values-and-purpose', { cookie }), { skill: 'values-and-purpose' })));
    expect(res.status).toBe(200);
    expect(res.data.skill.isLocked).toBe(true);
    expect(res.data.skill.content).toBeNull();
    expect(res.data.skill.relatedVideos).toEqual([]);
  });

  it('answers an unknown or malformed skill with the 404 page', async () => {
    for (const skill of ['no-such-skill', 'bad%20id', '<script>']) {
      const res = await run(() => skillLoader(args(getRequest(`/app/explore/skill/${encodeURIComponent(skill)}`, { cookie }), { skill })));
      expect(res.status).toBe(404);
    }
    const post = await run(() => skillAction(args(formRequest('/app/explore/skill/no-such-skill', { intent: 'thumbs', rating: '1' }, { cookie }), { skill: 'no-such-skill' })));
    expect(post.status).toBe(404);
  });

  it('stores thumbs (-1 or 1 only) as SkillPageThumbs feedback for the page', async () => {
    const before = (await feedbackRows()).length;
    const up = await run(() => skillAction(args(formRequest('/app/explore/skill/empathy', { intent: 'thumbs', rating: '1' }, { cookie }), { skill: 'empathy' })));
    expect(up.data).toEqual({ feedback: 'thumbs' });
    const down = await run(() => skillAction(args(formRequest('/app/explore/skill/empathy', { intent: 'thumbs', rating: '-1' }, { cookie }), { skill: 'empathy' })));
    expect(down.data).toEqual({ feedback: 'thumbs' });
    for (const rating of ['0', '5', 'x', '']) {
      const bad = await run(() => skillAction(args(formRequest('/app/explore/skill/empathy', { intent: 'thumbs', rating }, { cookie }), { skill: 'empathy' })));
      expect(bad.status).toBe(400);
      expect(bad.data.formError).toBeTruthy();
    }
    const rows = (await feedbackRows()).slice(before);
    expect(rows.map((r) => [r.feedback_type, r.rating, r.url])).toEqual([
      [FeedbackType.SkillPageThumbs, 1, '/app/explore/skill/empathy'],
      [FeedbackType.SkillPageThumbs, -1, '/app/explore/skill/empathy'],
    ]);
  });

  it("records 'I'm interested' in a locked skill as LockedContentInterest", async () => {
    const res = await run(() => skillAction(args(formRequest('/app/explore/skill/values-and-purpose', { intent: 'interest' }, { cookie }), { skill: 'values-and-purpose' })));
    expect(res.data).toEqual({ feedback: 'interest' });
    const last = (await feedbackRows()).at(-1)!;
    expect(last).toMatchObject({ feedback_type: FeedbackType.LockedContentInterest, url: '/app/explore/skill/values-and-purpose' });
    expect(last.message).toContain('Values and Purpose');
  });
});

describe('/app/explore/skill/group/{group}', () => {
  it('shows the group in its colours with its skills and the side menu', async () => {
    const res = await run(() => groupLoader(args(getRequest('/app/explore/skill/group/self-management', { cookie }), { group: 'self-management' })));
    expect(res.data.group).toMatchObject({ name: 'Self-Management', primaryColour: '2F6FAE' });
    expect(res.data.group.skills.map((s: { urlId: string }) => s.urlId).sort()).toEqual(['emotional-self-control', 'growth-mindset']);
    expect(res.data.groups).toHaveLength(4);
  });

  it('answers an unknown group with 404 and stores SkillGroupPageThumbs', async () => {
    const res = await run(() => groupLoader(args(getRequest('/app/explore/skill/group/nope', { cookie }), { group: 'nope' })));
    expect(res.status).toBe(404);
    const up = await run(() => groupAction(args(formRequest('/app/explore/skill/group/self-management', { intent: 'thumbs', rating: '1' }, { cookie }), { group: 'self-management' })));
    expect(up.data).toEqual({ feedback: 'thumbs' });
    expect((await feedbackRows()).at(-1)).toMatchObject({ feedback_type: FeedbackType.SkillGroupPageThumbs, rating: 1 });
  });

  it('pages its skills (decision 146): one page for a small group; a page beyond it or not a number is a 404', async () => {
    const url = (q: string) => `/app/explore/skill/group/self-management${q}`;
    const first = await run(() => groupLoader(args(getRequest(url('?page=1'), { cookie }), { group: 'self-management' })));
    expect(first.data.paging).toEqual({ page: 1, pageCount: 1 });
    expect(first.data.group.skillCount).toBe(first.data.group.skills.length);
    for (const q of ['?page=2', '?page=0', '?page=abc', '?page=99999999']) {
      const res = await run(() => groupLoader(args(getRequest(url(q), { cookie }), { group: 'self-management' })));
      expect(res.status, q).toBe(404);
    }
  });
});
