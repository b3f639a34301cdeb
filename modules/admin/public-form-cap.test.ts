import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { SALES_EMAILS_PER_HOUR, submitEnquiry } from './enquiries.server';

/**
 * Issue 7, item 2: per-IP limits alone let a client with many addresses (or a spoofed
 * X-Forwarded-For) queue a thousand sales emails. All public forms together email at most
 * SALES_EMAILS_PER_HOUR an hour; beyond it the enquiry is stored, not emailed.
 */
describe('the hourly cap on sales-enquiry emails', () => {
  it('stores every enquiry but emails only the first SALES_EMAILS_PER_HOUR, whatever the client address', async () => {
    const db = getDb();
    const total = SALES_EMAILS_PER_HOUR + 5;
    for (let i = 0; i < total; i++) {
      const res = await submitEnquiry(
        db,
        { kind: 'contact', firstName: 'Flood', email: `flood-${i}@example.test`, message: 'Hello' },
        { clientIp: `10.${Math.floor(i / 250)}.${i % 250}.1` },
      );
      expect(res.status, `enquiry ${i}`).toBe('ok');
    }
    const stored = await db.selectFrom('enquiries').select('id').where('email', 'like', 'flood-%').execute();
    expect(stored).toHaveLength(total);
    const emailed = await db.selectFrom('communications').select('id').where('kind', '=', 'sales-enquiry').execute();
    expect(emailed).toHaveLength(SALES_EMAILS_PER_HOUR);
  });
});
