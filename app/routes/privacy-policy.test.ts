import { describe, expect, it } from 'vitest';
import { PRIVACY_RULES } from '@modules/admin/index.server';
import { renderRoute } from '../../tests/support/render-route';
import * as privacy from './privacy-policy';

describe('/privacy-policy', () => {
  it('lists what is kept from the privacy registry: every declared table, its purpose and what erasure does', async () => {
    const page = await renderRoute('/privacy-policy', { route: privacy as never });
    expect(page.status).toBe(200);
    expect(page.text).toContain('What we keep about you');
    for (const t of PRIVACY_RULES) {
      expect(page.text, t.table).toContain(t.what);
      expect(page.text, t.table).toContain(t.purpose);
    }
    expect(page.text).toContain("On erasure: Anonymised: names become 'Former member'");
  });
});
