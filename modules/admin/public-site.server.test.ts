import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { canReceiveProductNews, isUnsubscribed, subscribeToNewsletter, unsubscribeEmail } from './enquiries.server';
import { pageCategory, recordPageView } from './tracking.server';
import { confirmNewsletterChange } from './newsletter.server';
import { deliveredEmailTo } from '../../tests/support/outbox';

const linkFrom = (html: string) => ({ token: /\/newsletter\/confirm\/([A-Za-z0-9_-]{40,})/.exec(html)![1]! });

describe('tracking categories (public-site 2.3)', () => {
  it.each([
    ['/', 'Site'],
    ['/site/signup', 'Site'],
    ['/pricing', 'Site'],
    ['/articles/tag/business?page=2', 'Site'],
    ['/404', 'Site'],
    ['/app', 'App'],
    ['/app/team/3', 'App'],
    ['/auth/login', 'Auth'],
    ['/admin/content-list', 'Admin'],
    ['/applesauce', 'Unknown'],
    ['/authors', 'Unknown'],
    ['', 'Site'],
    [null, 'Site'],
  ])('%s is %s', (path, category) => {
    expect(pageCategory(path)).toBe(category);
  });

  it('takes the path from the url when no path is sent', async () => {
    await recordPageView(getDb(), { url: 'https://leda.example/admin/users?x=1' }, null);
    const row = await getDb().selectFrom('page_views').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ path: '/admin/users', category: 'Admin' });
  });
});

describe('product news consent', () => {
  const ctx = { clientIp: '10.44.0.1' };
  it('a subscriber gets news until they unsubscribe (at once); a later signup subscribes again (through its emailed link)', async () => {
    const confirmNewest = async () => {
      const { token } = linkFrom((await deliveredEmailTo('kim@example.test')).html);
      expect(await confirmNewsletterChange(getDb(), token)).toBeDefined();
    };
    expect(await canReceiveProductNews(getDb(), 'kim@example.test')).toBe(false);
    await subscribeToNewsletter(getDb(), 'kim@example.test', ctx);
    expect(await canReceiveProductNews(getDb(), 'KIM@example.test')).toBe(false);
    await confirmNewest();
    expect(await canReceiveProductNews(getDb(), 'KIM@example.test')).toBe(true);
    await unsubscribeEmail(getDb(), 'Kim@Example.test', ctx);
    expect(await isUnsubscribed(getDb(), 'kim@example.test')).toBe(true);
    expect(await canReceiveProductNews(getDb(), 'kim@example.test')).toBe(false);
    await subscribeToNewsletter(getDb(), 'kim@example.test', ctx);
    await confirmNewest();
    expect(await canReceiveProductNews(getDb(), 'kim@example.test')).toBe(true);
  });

  it('a filled honeypot stores nothing', async () => {
    const res = await subscribeToNewsletter(getDb(), 'bot@example.test', { ...ctx, honeypot: 'x' });
    expect(res.status).toBe('refused');
    expect(await getDb().selectFrom('newsletter_subscriptions').select('id').where('email', '=', 'bot@example.test').executeTakeFirst()).toBeUndefined();
  });
});
