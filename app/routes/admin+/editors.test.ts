import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { getDb } from '@modules/shared/index.server';
import { addMyActivity, loadMyActivities, type getAllActivities as allActivitiesFn, type saveActivity as saveActivityFn } from '@modules/activities/index.server';
import type { getAllContents as allContentsFn, saveContentAsAdmin } from '@modules/catalogue/index.server';
import { args, formRequest, getRequest, jsonRequest, ORIGIN, run, runRoute, type ApiAnswer, type ApiAnswerOf as Of, type RouteFn } from '../../../tests/support/remix';
import { makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { renderRoute } from '../../../tests/support/render-route';
import * as saveActivity from '../api+/admin+/saveActivity';
import * as getAllActivities from '../api+/admin+/getAllActivities';
import * as getAllJourneys from '../api+/admin+/getAllJourneys';
import * as getAllTags from '../api+/admin+/getAllTags';
import * as saveContent from '../api+/admin+/saveContent';
import * as getAllContents from '../api+/content+/getAllContents';
import * as activityList from './activity-list';
import * as activityEditor from './activity-editor.($activityId)';
import * as contentList from './content-list';
import * as contentEditor from './content-editor.($contentKey)';
import * as journeyList from './journey-list';
import * as myActivities from '../app+/activities._index';
import * as article from '../articles.$urlId';

/**
 * The admin activity, content and journey editors (issue 15): every /api path for each role, the
 * editors' screens with JavaScript off (intent buttons re-render the draft), sanitising, and
 * that editing an activity changes new My Activities copies only.
 */
type Route = { action: (a: never) => Promise<unknown> };
const api = <T = ApiAnswer<object>>(route: Route, path: string, body: unknown, token?: string) => run<T>(() => route.action(args(jsonRequest(path, body, { token })) as never));
const view = <L extends RouteFn>(route: { loader: L }, path: string, cookie: string, params: Record<string, string> = {}) =>
  runRoute(route.loader, getRequest(path, { cookie }), params);
const post = <A extends RouteFn>(route: { action: A }, path: string, fields: Record<string, string | string[]>, cookie: string, params: Record<string, string> = {}) =>
  runRoute(route.action, formRequest(path, fields, { cookie }), params);
function multipart(path: string, fields: Record<string, string | string[] | File>, cookie: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  return new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { cookie }, body });
}

let admin: { userId: number; cookie: string; token: string };
let others: { role: string; token: string; cookie: string }[];
let skills: number[];

beforeAll(async () => {
  const db = getDb();
  const a = await makeUser({ isLedaAdmin: true });
  admin = { userId: a.userId, ...(await signIn(a.userId)) };
  const { teamId, organisationId } = await makeTeam();
  const roles = {
    learner: await makeUser({ organisationId, teams: [{ teamId }] }),
    teamAdmin: await makeUser({ organisationId, teams: [{ teamId, isTeamAdmin: true }] }),
    orgAdmin: await makeUser({ organisationId, isOrganisationAdmin: true }),
  };
  others = await Promise.all(Object.entries(roles).map(async ([role, u]) => ({ role, ...(await signIn(u.userId)) })));
  skills = (
    await db
      .insertInto('skills')
      .values([
        { url_id: 'editor-listening', name: 'Listening' },
        { url_id: 'editor-feedback', name: 'Feedback' },
      ])
      .returning('id')
      .execute()
  ).map((s) => s.id);
  await db
    .insertInto('journeys')
    .values([
      { url_id: 'editor-journey', name: 'Leading through change', overview: 'Change well.', html_summary: '<p>Summary<img src="x" onerror="alert(1)"></p>', is_featured: true, is_global: true },
      { url_id: 'editor-locked', name: 'Locked journey', is_locked: true },
    ])
    .execute();
  await db.insertInto('tags').values({ url_id: 'editor-tag', name: 'Editor tag', ordinal: 50 }).execute();
});

/** An activity with one field of every one of the 11 types. */
function everyTypeActivity(name = 'Every field type') {
  const field = (type: number, extra: Record<string, unknown> = {}) => ({ activityTaskFieldId: null, type, label: `Field ${type}`, ...extra });
  const opts = [{ activityTaskFieldOptionId: null, label: 'One' }, { activityTaskFieldOptionId: null, label: 'Two' }];
  return {
    activityId: null,
    name,
    isGlobal: true,
    isFeatured: false,
    activitySkills: [{ activitySkillId: null, skillId: skills[0]! }],
    activityTasks: [
      {
        activityTaskId: null,
        name: 'Plan it',
        htmlContent: '<p>Plan <strong>well</strong></p><script>alert(1)</script><img src="https://example.test/a.png" onerror="alert(2)">',
        activityTaskFields: [
          field(1, { placeholder: 'Type here', max: '200' }),
          field(2, { min: '10' }),
          field(3, { activityTaskFieldOptions: opts, max: '2' }),
          field(4, { activityTaskFieldOptions: opts }),
          field(5, { min: '2026-01-01', max: '2026-12-31' }),
          field(6, { activityTaskFieldOptions: opts, placeholder: 'Pick one' }),
          field(7),
          field(8, { min: '09:00', max: '17:00' }),
          field(9, { min: '2026-01-01T09:00' }),
          field(10, { htmlHelp: '<em>Help</em><script>x()</script>' }),
          field(11),
        ],
      },
      { activityTaskId: null, name: 'Reflect', htmlContent: '<p>Reflect.</p>', activityTaskFields: [field(2)] },
    ],
  };
}

describe('admin /api paths', () => {
  it('answers product admins and refuses learners, team admins, organisation admins and anonymous callers', async () => {
    const paths: [Route, string, unknown][] = [
      [saveActivity, '/api/admin/saveActivity', { activity: everyTypeActivity('Guard test') }],
      [getAllActivities, '/api/admin/getAllActivities', {}],
      [getAllJourneys, '/api/admin/getAllJourneys', {}],
      [getAllTags, '/api/admin/getAllTags', {}],
      [saveContent, '/api/admin/saveContent', { content: { urlId: 'guard-test', name: 'Guard', overview: 'o', htmlContent: '<p>x</p>' } }],
      [getAllContents, '/api/content/getAllContents', {}],
    ];
    for (const [route, path, body] of paths) {
      expect((await api(route, path, body)).status, `${path} anonymous`).toBe(403);
      for (const o of others) {
        const res = await api(route, path, body, o.token);
        expect(res.status, `${path} ${o.role}`).toBe(403);
        expect(res.data).toEqual({ errorMsg: expect.any(String) });
      }
      expect((await api(route, path, body, admin.token)).status, `${path} admin`).toBe(200);
    }
    // Nothing a refused caller sent was saved: one 'Guard test' activity (the admin's).
    const all = await api<Of<typeof allActivitiesFn>>(getAllActivities, '/api/admin/getAllActivities', {}, admin.token);
    expect(all.data.filter((a: { name: string }) => a.name === 'Guard test')).toHaveLength(1);
  });

  it('saves an activity with all 11 field types, sanitised, and refuses bad input with a clear errorMsg', async () => {
    const res = await api<Of<typeof saveActivityFn>>(saveActivity, '/api/admin/saveActivity', { activity: everyTypeActivity() }, admin.token);
    expect(res.status).toBe(200);
    const saved = res.data;
    expect(saved).toMatchObject({ name: 'Every field type', isGlobal: true, taskCount: 2, activitySkills: [{ skillId: skills[0] }] });
    expect(saved.activityTasks[0]!.activityTaskFields.map((f: { type: number }) => f.type)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(saved.activityTasks[0]!.activityTaskFields[2]!.activityTaskFieldOptions.map((o: { label: string }) => o.label)).toEqual(['One', 'Two']);
    const html = saved.activityTasks[0]!.htmlContent as string;
    expect(html).toContain('<strong>well</strong>');
    expect(html).not.toMatch(/script|onerror|alert/);
    expect(saved.activityTasks[0]!.activityTaskFields[9]!.htmlHelp).toBe('<em>Help</em>');
    // A setting the type does not take is dropped (a placeholder on a date).
    expect(saved.activityTasks[0]!.activityTaskFields[4]).toMatchObject({ min: '2026-01-01', max: '2026-12-31', placeholder: '' });

    const bad = async (activity: unknown) => (await api(saveActivity, '/api/admin/saveActivity', { activity }, admin.token)) as { status: number; data: { errorMsg: string } };
    const base = everyTypeActivity();
    expect(await bad({ ...base, name: 'x'.repeat(251) })).toMatchObject({ status: 400, data: { errorMsg: 'activity.name: Max 250 characters' } });
    expect(await bad({ ...base, name: ' ' })).toMatchObject({ status: 400, data: { errorMsg: 'activity.name: This field is required' } });
    expect(await bad({ ...base, activitySkills: [{ skillId: skills[0] }, { skillId: skills[0] }] })).toMatchObject({ status: 400, data: { errorMsg: 'activity.activitySkills.1.skillId: That skill is already added' } });
    expect(await bad({ ...base, activitySkills: [{ skillId: 999_999 }] })).toMatchObject({ status: 400, data: { errorMsg: 'activitySkills: Unknown skill.' } });
    expect(await bad({ ...base, activityId: 999_999 })).toMatchObject({ status: 404, data: { errorMsg: 'That activity was not found.' } });
    expect((await bad({ ...base, activityId: 2_147_483_648 })).status).toBe(400);
    expect((await bad({ ...base, activityTasks: [{ name: 'T', activityTaskFields: [{ type: 12 }] }] })).data.errorMsg).toBe('activity.activityTasks.0.activityTaskFields.0.type: Choose a field type');
    expect((await bad({ ...base, activityTasks: [{ name: 'T', activityTaskFields: [{ type: 4 }] }] })).data.errorMsg).toBe('activity.activityTasks.0.activityTaskFields.0.activityTaskFieldOptions: RadioButtons needs at least one option');
    expect((await bad({ ...base, activityTasks: [{ name: 'T', activityTaskFields: [{ type: 5, min: 'soon' }] }] })).data.errorMsg).toBe('activity.activityTasks.0.activityTaskFields.0.min: A date as YYYY-MM-DD');
    expect((await bad({ ...base, activityTasks: [] })).data.errorMsg).toBe('activity.activityTasks: An activity needs at least one task');
    expect((await api(saveActivity, '/api/admin/saveActivity', 'not json', admin.token)).status).toBe(400);
  });

  it('changes what NEW My Activities copies get; copies made before keep their snapshot', async () => {
    const created = (await api<Of<typeof saveActivityFn>>(saveActivity, '/api/admin/saveActivity', { activity: everyTypeActivity('Snapshot test') }, admin.token)).data;
    const learner = await makeUser();
    const before = await addMyActivity(getDb(), learner.userId, { activityId: created.activityId });
    const edited = { ...everyTypeActivity('Snapshot test, edited'), activityId: created.activityId };
    edited.activityTasks = [{ activityTaskId: null, name: 'A brand new first task', htmlContent: '<p>New</p>', activityTaskFields: [] }];
    const res = await api<Of<typeof saveActivityFn>>(saveActivity, '/api/admin/saveActivity', { activity: edited }, admin.token);
    expect(res.data).toMatchObject({ activityId: created.activityId, name: 'Snapshot test, edited', taskCount: 1 });
    const after = await addMyActivity(getDb(), learner.userId, { activityId: created.activityId });
    const oldCopy = (await loadMyActivities(getDb(), learner.userId, [before.myActivityId]))[0]!;
    const newCopy = (await loadMyActivities(getDb(), learner.userId, [after.myActivityId]))[0]!;
    expect(oldCopy.name).toBe('Snapshot test');
    expect(oldCopy.myActivityTasks.map((t) => t.name)).toEqual(['Plan it', 'Reflect']);
    expect(oldCopy.myActivityTasks[0]!.myActivityTaskFields).toHaveLength(11);
    expect(newCopy.name).toBe('Snapshot test, edited');
    expect(newCopy.myActivityTasks.map((t) => t.name)).toEqual(['A brand new first task']);
    // What the learner sees on My Activities: the old copy with its own task, no script from the task HTML.
    const { cookie } = await signIn(learner.userId);
    const page = await renderRoute(`/app/activities?myActivityId=${oldCopy.myActivityId}`, { route: myActivities, cookie });
    expect(page.text).toContain('Plan it');
    expect(page.html).not.toMatch(/<script>alert|onerror/);
  });

  it('saves contents (urlId fixed once created, sanitised, tags) and lists contents, tags and journeys', async () => {
    const tags = (await api(getAllTags, '/api/admin/getAllTags', {}, admin.token)).data as { tagId: number; name: string }[];
    const tag = tags.find((t) => t.name === 'Editor tag')!;
    const content = {
      contentId: null,
      urlId: 'listening-at-work',
      name: 'Listening at work',
      overview: 'How to listen.',
      htmlContent: '<h2>Listen</h2><p onclick="x()">Really <a href="javascript:alert(1)">listen</a>.</p><script>alert(1)</script><img src="https://example.test/i.png" onerror="alert(1)">',
      isPublic: true,
      authorLabel: 'The Leda team',
      tags: [{ tagId: tag.tagId, name: tag.name }],
    };
    const saved = await api<Of<typeof saveContentAsAdmin>>(saveContent, '/api/admin/saveContent', { content }, admin.token);
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ urlId: 'listening-at-work', isPublic: true, authorLabel: 'The Leda team', tags: [{ tagId: tag.tagId }] });
    expect(saved.data.htmlContent).toContain('<h2>Listen</h2>');
    expect(saved.data.htmlContent).not.toMatch(/script|onerror|onclick|javascript:/);

    const err = async (c: unknown) => (await api(saveContent, '/api/admin/saveContent', { content: c }, admin.token)) as { status: number; data: { errorMsg: string } };
    expect(await err({ ...content, urlId: 'Bad_Id' })).toMatchObject({ status: 400, data: { errorMsg: 'URL ID can only container lowercase letters and hyphens (looks-like-this)' } });
    expect(await err({ ...content })).toMatchObject({ status: 409, data: { errorMsg: 'urlId: That URL ID is already used by another content. Choose another.' } });
    expect(await err({ ...content, contentId: saved.data.contentId, urlId: 'another-id' })).toMatchObject({ status: 400, data: { errorMsg: 'urlId: The URL ID cannot be changed once the content is created.' } });
    expect(await err({ ...content, urlId: 'empty-body', htmlContent: '<script>alert(1)</script>' })).toMatchObject({ status: 400, data: { errorMsg: 'This field is required' } });
    expect(await err({ ...content, urlId: 'no-name', name: '' })).toMatchObject({ status: 400, data: { errorMsg: 'content.name: This field is required' } });
    expect(await err({ ...content, urlId: 'bad-tag', tags: [{ tagId: 999_999 }] })).toMatchObject({ status: 400, data: { errorMsg: 'tags: Unknown tag.' } });
    expect(await err({ ...content, contentId: 999_999 })).toMatchObject({ status: 404 });
    const updated = await api<Of<typeof saveContentAsAdmin>>(saveContent, '/api/admin/saveContent', { content: { ...content, contentId: saved.data.contentId, name: 'Listening at work, again', tags: [] } }, admin.token);
    expect(updated.data).toMatchObject({ contentId: saved.data.contentId, name: 'Listening at work, again', tags: [] });

    const all = (await api<Of<typeof allContentsFn>>(getAllContents, '/api/content/getAllContents', {}, admin.token)).data;
    expect(all.find((c: { urlId: string }) => c.urlId === 'listening-at-work')).toMatchObject({ name: 'Listening at work, again', isPublic: true });
    expect(all[0]).not.toHaveProperty('htmlContent');

    const journeys = (await api(getAllJourneys, '/api/admin/getAllJourneys', {}, admin.token)).data as { journeyId: number; name: string; htmlSummary: string; isLocked: boolean }[];
    expect(journeys.map((j) => j.journeyId)).not.toContain(1000);
    const j = journeys.find((x) => x.name === 'Leading through change')!;
    expect(j).toMatchObject({ isFeatured: true, isGlobal: true, isLocked: false });
    expect(j.htmlSummary).not.toMatch(/onerror/);
  });
});

describe('admin editor screens (JavaScript off)', () => {
  it('sends everyone but a product admin away from every editor screen', async () => {
    const screens: [{ loader: (a: never) => unknown }, string, Record<string, string>][] = [
      [activityList, '/admin/activity-list', {}],
      [activityEditor, '/admin/activity-editor', {}],
      [contentList, '/admin/content-list', {}],
      [contentEditor, '/admin/content-editor', {}],
      [journeyList, '/admin/journey-list', {}],
    ];
    for (const o of others) {
      for (const [route, path, params] of screens) {
        const res = await view(route, path, o.cookie, params);
        expect(res.status, `${path} ${o.role}`).toBe(302);
        expect(res.location).toBe('/');
      }
      const res = await post(activityEditor, '/admin/activity-editor', { intent: 'save', name: 'Sneaky', 'tasks.0.k': 'tone', 'tasks.0.name': 'T' }, o.cookie);
      expect(res.status).toBe(302);
    }
    expect((await view(activityEditor, '/admin/activity-editor/999999', admin.cookie, { activityId: '999999' })).status).toBe(404);
    expect((await view(activityEditor, '/admin/activity-editor/abc', admin.cookie, { activityId: 'abc' })).status).toBe(404);
    expect((await view(contentEditor, '/admin/content-editor/no-such-thing', admin.cookie, { contentKey: 'no-such-thing' })).status).toBe(404);
  });

  it('builds an activity with intent buttons, shows the errors in the spec words, saves, and previews with the learner renderer', async () => {
    const path = '/admin/activity-editor';
    const empty = await view(activityEditor, path, admin.cookie);
    expect(empty.data.draft).toMatchObject({ activityId: null, name: '', tasks: [{ name: '', fields: [] }] });
    let fields: Record<string, string | string[]> = { name: 'x'.repeat(251), 'tasks.0.k': 'tfirst', 'tasks.0.name': '', 'tasks.0.htmlContent': '' };
    const step = async (intent: string, extra: Record<string, string | string[]> = {}) => {
      const res = await post(activityEditor, path, { ...fields, ...extra, intent }, admin.cookie);
      expect(res.status, intent).toBe(200);
      return res.data.draft;
    };
    let draft = await step('addTask');
    expect(draft.tasks).toHaveLength(2);
    draft = await step('addField:0');
    expect(draft.tasks[0]!.fields).toEqual([expect.objectContaining({ type: 1, label: '' })]);
    // The posted form of that draft: the first task with a radio field and one option.
    fields = {
      ...fields,
      'tasks.0.name': 'First',
      'tasks.0.fields.0.k': 'fone',
      'tasks.0.fields.0.type': '4',
      'tasks.0.fields.0.label': 'Pick one',
      'tasks.1.k': 'tsecond',
      'tasks.1.name': 'Second',
    };
    draft = await step('addOption:0:0');
    expect(draft.tasks[0]!.fields[0]!.options).toHaveLength(1);
    draft = await step('moveTask:0:down');
    expect(draft.tasks.map((t: { name: string }) => t.name)).toEqual(['Second', 'First']);
    draft = await step('addSkill', { newSkillId: String(skills[1]) });
    expect(draft.skills).toEqual([skills[1]]);
    draft = await step('removeTask:1');
    expect(draft.tasks.map((t: { name: string }) => t.name)).toEqual(['First']);

    // Save with errors: the spec's messages, nothing saved.
    fields = { ...fields, 'tasks.0.fields.0.options.0.k': 'oone', 'tasks.0.fields.0.options.0.label': 'Yes', 'tasks.1.name': '', skills: [String(skills[1])] };
    const failed = await post(activityEditor, path, { ...fields, intent: 'save' }, admin.cookie);
    expect(failed.status).toBe(400);
    expect(failed.data.errors).toMatchObject({ name: 'Max 250 characters', 'tasks.1.name': 'This field is required' });
    const shown = await renderRoute(path, { route: activityEditor, id: 'routes/admin+/activity-editor.($activityId)', cookie: admin.cookie, actionData: failed.data });
    expect(shown.text).toContain('Max 250 characters');
    expect(shown.text).toContain('This field is required');

    // Fixed: saved, then the page says so and previews the radio field as a learner sees it.
    fields = { ...fields, name: 'Hold a listening walk', 'tasks.1.name': 'Walk', isGlobal: 'on' };
    const ok = await post(activityEditor, path, { ...fields, intent: 'save' }, admin.cookie);
    expect(ok.status).toBe(302);
    const id = Number(/activity-editor\/(\d+)\?saved=1$/.exec(ok.location!)![1]);
    const page = await renderRoute(ok.location!, { route: activityEditor, id: 'routes/admin+/activity-editor.($activityId)', cookie: admin.cookie, params: { activityId: String(id) } });
    expect(page.text).toContain('Activity saved.');
    expect(page.text).toContain('Edit activity: Hold a listening walk');
    expect(page.html).toContain('type="radio"');
    expect(page.text).toMatch(/Preview.*Pick one.*Yes/);
    const stored = (await api<Of<typeof allActivitiesFn>>(getAllActivities, '/api/admin/getAllActivities', {}, admin.token)).data.find((a: { activityId: number }) => a.activityId === id);
    expect(stored).toMatchObject({ name: 'Hold a listening walk', isGlobal: true, isFeatured: false, taskCount: 2, activitySkills: [{ skillId: skills[1] }] });
  });

  it('lists activities with search and a count, and Test adds one to the admin’s own My Activities', async () => {
    const created = (await api<Of<typeof saveActivityFn>>(saveActivity, '/api/admin/saveActivity', { activity: everyTypeActivity('Findable walk') }, admin.token)).data;
    const list = await view(activityList, '/admin/activity-list?q=findable', admin.cookie);
    expect(list.data.total).toBe(1);
    expect(list.data.rows[0]).toMatchObject({ activityId: created.activityId, name: 'Findable walk', isGlobal: true, isFeatured: false });
    const page = await renderRoute('/admin/activity-list?q=findable', { route: activityList, cookie: admin.cookie });
    expect(page.text).toContain('Showing 1–1 of 1');
    expect(page.text).toContain('Findable walk');
    expect(page.html).toContain(`href="/admin/activity-editor/${created.activityId}"`);
    expect((await renderRoute('/admin/activity-list?q=nothing-like-this', { route: activityList, cookie: admin.cookie })).text).toContain('No matching records to display.');
    const test = await post(activityList, '/admin/activity-list', { activityId: String(created.activityId) }, admin.cookie);
    expect(test.status).toBe(302);
    const myId = Number(/myActivityId=(\d+)$/.exec(test.location!)![1]);
    expect((await loadMyActivities(getDb(), admin.userId, [myId]))[0]).toMatchObject({ sourceActivityId: created.activityId, name: 'Findable walk' });
    expect((await post(activityList, '/admin/activity-list', { activityId: '999999' }, admin.cookie)).status).toBe(404);
    expect((await post(activityList, '/admin/activity-list', { activityId: 'x' }, admin.cookie)).status).toBe(404);
  });

  it('creates an article with the content editor (image checked by content), then edits it; it shows on /articles', async () => {
    const path = '/admin/content-editor';
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const base = { urlId: 'hold-better-meetings', name: 'Hold better meetings', overview: 'Shorter, kinder meetings.', htmlContent: '<p>Start on time.</p><script>alert(1)</script>', isPublic: 'on', authorLabel: 'Leda' };
    const send = (fields: Record<string, string | string[] | File>, key?: string) =>
      runRoute(contentEditor.action, multipart(key ? `${path}/${key}` : path, fields, admin.cookie), key ? { contentKey: key } : {});

    const bad = await send({ ...base, urlId: 'Not OK', name: '', featureImage: new File([Buffer.from('not an image')], 'x.png', { type: 'image/png' }) });
    expect(bad.status).toBe(400);
    expect(bad.data.error).toMatchObject({ urlId: ['URL ID can only container lowercase letters and hyphens (looks-like-this)'], name: ['This field is required'] });
    const fake = await send({ ...base, featureImage: new File([Buffer.from('not an image')], 'x.png', { type: 'image/png' }) });
    expect(fake.status).toBe(400);
    expect(fake.data.error).toMatchObject({ featureImage: ['The feature image must be a PNG or JPEG image.'] });

    const created = await send({ ...base, featureImage: new File([png], 'photo.png', { type: 'image/png' }), featureImageCaption: 'A meeting' });
    expect(created.status).toBe(302);
    expect(created.location).toBe('/admin/content-editor/hold-better-meetings?saved=1');
    const taken = await send({ ...base });
    expect(taken.data.error).toMatchObject({ urlId: ['That URL ID is already used by another content. Choose another.'] });

    const editor = await renderRoute(created.location!, { route: contentEditor, id: 'routes/admin+/content-editor.($contentKey)', cookie: admin.cookie, params: { contentKey: 'hold-better-meetings' } });
    expect(editor.text).toContain('Content saved.');
    expect(editor.html).toMatch(/<textarea[^>]*name="htmlContent"[^>]*style="height:500px"/);
    expect(editor.html).toMatch(/<input id="ce-url-id" name="urlId" readonly=""/);

    // Edit: the urlId stays, whatever is posted.
    const edited = await send({ ...base, urlId: 'something-else', name: 'Hold better meetings, edited', featureImageCaption: 'A meeting' }, 'hold-better-meetings');
    expect(edited.location).toBe('/admin/content-editor/hold-better-meetings?saved=1');

    const shown = await renderRoute('/articles/hold-better-meetings', { route: article, cookie: admin.cookie, params: { urlId: 'hold-better-meetings' } });
    expect(shown.text).toContain('Hold better meetings, edited');
    expect(shown.text).toContain('Start on time.');
    expect(shown.html).not.toContain('<script>alert');
    expect(shown.html).toMatch(/<img src="\/blobs\/[A-Za-z0-9_-]+" alt="A meeting"/);
    expect(shown.html).toContain('href="/admin/content-editor/hold-better-meetings"');
    const asLearner = await renderRoute('/articles/hold-better-meetings', { route: article, cookie: others[0]!.cookie, params: { urlId: 'hold-better-meetings' } });
    expect(asLearner.html).not.toContain('/admin/content-editor/');

    const list = await renderRoute('/admin/content-list?q=meetings', { route: contentList, cookie: admin.cookie });
    expect(list.text).toContain('Hold better meetings, edited');
    expect(list.text).toContain('hold-better-meetings');
  });

  it('says "Error while fetching the journeys" when the journeys cannot be read, and the page still renders', async () => {
    // A real failure of this test file's own database: the table is away for a moment.
    await sql`alter table journeys rename to journeys_away`.execute(getDb());
    try {
      const page = await renderRoute('/admin/journey-list', { route: journeyList, cookie: admin.cookie });
      expect(page.status).toBe(200);
      expect(page.html).toMatch(/role="alert"[^>]*>[\s\S]{0,300}?Error while fetching the journeys</);
      expect(page.text).toContain('No records to display.');
    } finally {
      await sql`alter table journeys_away rename to journeys`.execute(getDb());
    }
    expect((await renderRoute('/admin/journey-list', { route: journeyList, cookie: admin.cookie })).text).not.toContain('Error while fetching the journeys');
  });

  it('lists journeys with badge, sanitised summary and flags, never the break journey', async () => {
    const page = await renderRoute('/admin/journey-list', { route: journeyList, cookie: admin.cookie });
    expect(page.text).toContain('Leading through change');
    expect(page.text).toContain('Locked journey');
    expect(page.text).not.toMatch(/\bBreak\b/);
    expect(page.html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="[^"]+"[^>]*>\s*<title id="[^"]+">Leading through change badge<\/title>/);
    expect(page.html).toContain('<p>Summary');
    expect(page.html).not.toContain('onerror');
    const locked = await view(journeyList, '/admin/journey-list?sort=locked&dir=desc', admin.cookie);
    expect(locked.data.rows[0]).toMatchObject({ name: 'Locked journey', isLocked: true });
  });
});
