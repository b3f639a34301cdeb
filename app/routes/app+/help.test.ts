import { describe, expect, it } from 'vitest';
import { args, getRequest, run, runData } from '../../../tests/support/remix';
import { makeUser, signIn } from '../../../tests/support/factories';
import { renderRoute } from '../../../tests/support/render-route';
import { isFeatureOn } from '~/utils/features';
import * as help from './help';
import * as login from '../auth+/login';
import * as forgot from '../auth+/password-forgot';

const helpFor = async (userId: number) => {
  const { cookie } = await signIn(userId);
  return runData(() => help.loader(args(getRequest('/app/help', { cookie }))));
};

describe('/app/help', () => {
  it("lists the spec's accordions and Contact us; only a product admin gets the Admin button", async () => {
    const learner = await helpFor((await makeUser()).userId);
    expect(learner.status).toBe(200);
    const titles = learner.data.topics.map((t: { title: string }) => t.title);
    expect(titles[0]).toBe('Admins');
    expect(titles).toContain('Stories');
    expect(titles.at(-1)).toBe('Teams');
    // Feedback shows only while its feature is on.
    expect(titles.includes('Feedback')).toBe(isFeatureOn('feedback'));
    expect(titles).toHaveLength(isFeatureOn('feedback') ? 18 : 17);
    expect(learner.data.topics.find((t: { title: string }) => t.title === 'Notification settings')?.body.join(' ')).toMatch(/Mondays at 7am/);
    expect(learner.data.supportEmail).toMatch(/@/);
    expect(learner.data.showAdmin).toBe(false);

    const admin = await helpFor((await makeUser({ isLedaAdmin: true })).userId);
    expect(admin.data.showAdmin).toBe(true);
  });

  it('renders the accordions (native details, open without JS), a Contact us mail link, and the Admin button for product admins', async () => {
    const learner = await makeUser();
    const page = await renderRoute('/app/help', { route: help, cookie: (await signIn(learner.userId)).cookie });
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<details class="help-topic"><summary>Admins<\/summary><p>Team admins schedule/);
    expect(page.html).toMatch(/<a class="button primary" href="mailto:[^"]+@[^"]+\?subject=Leda%20help">Contact us<\/a>/);
    expect(page.html).not.toMatch(/href="\/admin"/);
    const admin = await makeUser({ isLedaAdmin: true });
    const adminPage = await renderRoute('/app/help', { route: help, cookie: (await signIn(admin.userId)).cookie });
    expect(adminPage.html).toMatch(/<a[^>]*href="\/admin"[^>]*>Admin<\/a>/);
  });

  it('asks a visitor to log in first', async () => {
    const res = await run(() => help.loader(args(getRequest('/app/help'))));
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/auth\/login/);
  });
});

describe('meta descriptions', () => {
  it('app and sign-in pages carry a description besides their title', () => {
    const appMeta = help.meta({ matches: [] } as never);
    expect(appMeta).toEqual([{ title: 'Help | Leda' }, { name: 'description', content: expect.stringMatching(/leadership/i) }]);
    for (const [route, title] of [
      [login, 'Log in | Leda'],
      [forgot, 'Forgot password | Leda'],
    ] as const) {
      const m = (route.meta as () => { title?: string; name?: string; content?: string }[])();
      expect(m[0]).toEqual({ title });
      expect(m.find((x) => x.name === 'description')?.content).toMatch(/Leda/);
    }
  });
});
