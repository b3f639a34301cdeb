import { sql } from 'kysely';
import { defineList, listFilter, type Db } from '@modules/shared/index.server';
import { z } from 'zod';

/**
 * The audit log (beyond the spec, decision 206): every change made in the admin console is one row
 * (who, what, which entity, the state before and after). Every admin use case calls `recordAudit`
 * inside the same transaction as its change, so a change and its record land together or not at all.
 *
 *   await recordAudit(trx, { actorId: admin.userId, action: 'organisation.save', entity: 'organisation',
 *     entityId: org.id, before, after });
 *
 * Secrets never reach the log: keys that look like passwords, hashes or tokens are replaced by
 * '[redacted]' at any depth, and a state larger than AUDIT_STATE_MAX characters is kept as a summary.
 */
export interface AuditEntry {
  /** The admin who made the change (null: the system, e.g. a job). */
  actorId: number | null;
  /** Dotted verb, e.g. 'user.save', 'organisation.create', 'team.addUser'. */
  action: string;
  /** The kind of thing changed: 'user', 'organisation', 'team', 'journey', 'preset', ... */
  entity: string;
  entityId?: number | string | null;
  /** Who made the change when it was not a person (actorId null), e.g. 'SCIM': shown where an email would be. */
  actorLabel?: string;
  before?: unknown;
  after?: unknown;
}

export const AUDIT_STATE_MAX = 20_000;
const SECRET_KEY = /pass(word)?|hash|token|secret|session/i;

function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (depth > 6) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redact(v, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1);
    return out;
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function' || typeof value === 'symbol') return null;
  return value;
}

function stateJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const json = JSON.stringify(redact(value));
  if (json.length <= AUDIT_STATE_MAX) return json;
  return JSON.stringify({ truncated: true, length: json.length, start: json.slice(0, 1000) });
}

const clip = (s: string, n: number) => s.slice(0, n);

/** Records one admin change. Call it with the transaction that makes the change. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const actorId = entry.actorId;
  await db
    .insertInto('audit_log')
    .values((eb) => ({
      actor_id: actorId,
      actor_email: actorId == null ? (entry.actorLabel ?? null) : eb.selectFrom('users').select('email').where('users.id', '=', actorId),
      action: clip(entry.action, 100),
      entity: clip(entry.entity, 100),
      entity_id: entry.entityId == null ? null : clip(String(entry.entityId), 100),
      before: stateJson(entry.before),
      after: stateJson(entry.after),
    }))
    .execute();
}

/** /admin/audit-log: newest first, filterable by entity, action, actor and entity id; searchable. */
export const auditLogList = defineList({
  sorts: { created: 'audit_log.created_at', action: 'audit_log.action', entity: 'audit_log.entity' },
  defaultSort: 'created',
  defaultDir: 'desc',
  tieBreak: 'audit_log.id',
  search: ['audit_log.action', 'audit_log.entity', 'audit_log.entity_id', 'audit_log.actor_email'],
  filters: {
    entity: z.string().regex(/^[a-zA-Z][\w.-]{0,99}$/),
    action: z.string().regex(/^[a-zA-Z][\w.-]{0,99}$/),
    actor: listFilter.id(),
    entityId: z.string().regex(/^[\w.-]{1,100}$/),
  },
  pageSize: 50,
});

export type AuditLogQuery = ReturnType<typeof auditLogList.parse>;

export interface AuditLogRow {
  id: number;
  actorId: number | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

function baseAuditQuery(db: Db, filters: AuditLogQuery['filters']) {
  let q = db
    .selectFrom('audit_log')
    .select([
      'audit_log.id',
      'audit_log.actor_id as actorId',
      'audit_log.actor_email as actorEmail',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id as entityId',
      'audit_log.before',
      'audit_log.after',
      'audit_log.created_at as createdAt',
    ]);
  if (filters.entity) q = q.where('audit_log.entity', '=', filters.entity);
  if (filters.action) q = q.where('audit_log.action', '=', filters.action);
  if (filters.actor) q = q.where('audit_log.actor_id', '=', filters.actor);
  if (filters.entityId) q = q.where('audit_log.entity_id', '=', filters.entityId);
  return q;
}

export async function listAuditLog(db: Db, query: AuditLogQuery) {
  const page = await auditLogList.run(baseAuditQuery(db, query.filters), query);
  return { ...page, rows: page.rows.map((r) => ({ ...r, id: Number(r.id) }) as AuditLogRow) };
}

/** The distinct entities and actions recorded so far (the filter menus); small, indexed. */
export async function auditFacets(db: Db): Promise<{ entities: string[]; actions: string[] }> {
  const [entities, actions] = await Promise.all([
    db.selectFrom('audit_log').select('entity').distinct().orderBy('entity').limit(100).execute(),
    db.selectFrom('audit_log').select('action').distinct().orderBy('action').limit(200).execute(),
  ]);
  return { entities: entities.map((r) => r.entity), actions: actions.map((r) => r.action) };
}

export const AUDIT_CSV_MAX_ROWS = 10_000;

/** A CSV cell: quoted, and a leading = + - @ (spreadsheet formula) neutralised with a quote mark. */
function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

/** The filtered log (same URL as the screen, all pages up to AUDIT_CSV_MAX_ROWS rows) as CSV. */
export async function auditLogCsv(db: Db, query: AuditLogQuery): Promise<string> {
  let base = baseAuditQuery(db, query.filters);
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or(['audit_log.action', 'audit_log.entity', 'audit_log.entity_id', 'audit_log.actor_email'].map((c) => eb(sql.ref(c), 'ilike', pattern))),
    );
  }
  const column = auditLogList.spec.sorts[query.sort];
  const rows = await base
    .orderBy(sql.ref(column), query.dir)
    .orderBy('audit_log.id', query.dir)
    .limit(AUDIT_CSV_MAX_ROWS)
    .execute();
  const header = ['id', 'createdAt', 'actorId', 'actorEmail', 'action', 'entity', 'entityId', 'before', 'after'];
  const lines = [header.map(csvCell).join(',')];
  for (const r of rows) lines.push([r.id, r.createdAt, r.actorId, r.actorEmail, r.action, r.entity, r.entityId, r.before, r.after].map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
