import { describe, expect, it } from 'vitest';
import { args, getRequest, runData } from '../../tests/support/remix';
import { renderRoute } from '../../tests/support/render-route';
import * as how from './how';
import * as tryForFree from './try-for-free';

/** /how's work-email strip: a plain GET form to /try-for-free, whose page prefills the email. */
describe('/how work-email strip', () => {
  it('posts the work email to /try-for-free (not /contact), which prefills it', async () => {
    const page = await renderRoute('/how', { route: how });
    expect(page.status).toBe(200);
    const strip = page.html.slice(page.html.indexOf('id="journeys-strip"'));
    expect(strip).toMatch(/<form method="get" action="\/try-for-free"[^>]*>/);
    expect(strip).toContain('name="email"');
    expect(strip).not.toContain('action="/contact"');
    expect(page.text).toContain('Enter your work email and we will set up a free trial.');

    // What the browser does with the form: GET /try-for-free?email=..., and the form shows it.
    const res = await runData(() => tryForFree.loader(args(getRequest('/try-for-free?email=lee%40example.test'))));
    expect(res.data.prefill).toEqual({ email: 'lee@example.test' });
    const form = await renderRoute('/try-for-free?email=lee%40example.test', { route: tryForFree });
    expect(form.html).toContain('value="lee@example.test"');
  });
});
