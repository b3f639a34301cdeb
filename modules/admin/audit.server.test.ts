import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { recordAudit, listAuditLog, auditLogList, auditLogCsv } from './audit.server';
import { makeUser } from '../../tests/support/factories';

describe('audit log', () => {
  it('records a change with the actor, redacts secrets, lists and exports it', async () => {
    const db = getDb();
    const admin = await makeUser({ email: 'audit-admin@example.com', isLedaAdmin: true });
    await recordAudit(db, {
      actorId: admin.userId,
      action: 'user.save',
      entity: 'user',
      entityId: 42,
      before: { firstName: 'Ann', passwordHash: 'x' },
      after: { firstName: '=Bob', nested: { token: 'y' } },
    });
    await recordAudit(db, { actorId: null, action: 'organisation.create', entity: 'organisation', entityId: 7, after: { name: 'Acme' } });

    const all = await listAuditLog(db, auditLogList.parse('/admin/audit-log'));
    expect(all.total).toBe(2);
    expect(all.rows[0]!.action).toBe('organisation.create');
    const user = await listAuditLog(db, auditLogList.parse('/admin/audit-log?entity=user'));
    expect(user.rows).toHaveLength(1);
    expect(user.rows[0]).toMatchObject({ actorEmail: 'audit-admin@example.com', entityId: '42', before: { firstName: 'Ann', passwordHash: '[redacted]' } });
    expect(user.rows[0]!.after).toEqual({ firstName: '=Bob', nested: { token: '[redacted]' } });
    const searched = await listAuditLog(db, auditLogList.parse('/admin/audit-log?q=audit-admin'));
    expect(searched.total).toBe(1);

    const csv = await auditLogCsv(db, auditLogList.parse('/admin/audit-log?entity=user'));
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('"actorEmail"');
    expect(lines[1]).toContain('"audit-admin@example.com"');
    expect(csv).not.toContain('"x"');
  });
});
