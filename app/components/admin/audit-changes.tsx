/**
 * The audit log's Changes cell: what an admin change did, as a readable list of "field: before → after"
 * lines instead of two JSON blobs. Nested values are flattened to paths (`journeys[2].lengthDays`), and
 * only the paths whose value differs are listed (a creation lists what was set, a deletion what was
 * removed). The CSV export keeps the full JSON.
 */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

const MAX_SHOWN = 12;
const MAX_TEXT = 120;

function display(v: unknown): string {
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** Path -> shown value of every leaf (empty objects and arrays count as leaves). */
function flatten(value: unknown, path: string, out: Map<string, string>) {
  if (value === null || value === undefined) {
    if (path) out.set(path, value === null ? 'null' : 'undefined');
    return;
  }
  if (Array.isArray(value)) {
    if (!value.length) out.set(path || '(value)', '[]');
    value.forEach((v, i) => flatten(v, `${path}[${i}]`, out));
    return;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (!entries.length) out.set(path || '(value)', '{}');
    for (const [k, v] of entries) flatten(v, path ? `${path}.${k}` : k, out);
    return;
  }
  out.set(path || '(value)', display(value));
}

export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  flatten(before, '', a);
  flatten(after, '', b);
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  return fields
    .filter((f) => a.get(f) !== b.get(f))
    .map((field) => ({ field, before: a.has(field) ? a.get(field)! : null, after: b.has(field) ? b.get(field)! : null }));
}

export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditChanges(before, after);
  if (!changes.length) return <span>No field changed</span>;
  const shown = changes.slice(0, MAX_SHOWN);
  return (
    <ul className="audit-changes">
      {shown.map((c) => (
        <li key={c.field}>
          <span className="audit-field">{c.field}</span>:{' '}
          {c.before === null ? (
            <>
              <span className="visually-hidden">set to </span>
              <ins>{c.after}</ins>
            </>
          ) : c.after === null ? (
            <>
              <span className="visually-hidden">removed, was </span>
              <del>{c.before}</del>
            </>
          ) : (
            <>
              <span className="visually-hidden">changed from </span>
              <del>{c.before}</del> <span aria-hidden="true">→</span>
              <span className="visually-hidden"> to </span> <ins>{c.after}</ins>
            </>
          )}
        </li>
      ))}
      {changes.length > MAX_SHOWN ? <li>…and {changes.length - MAX_SHOWN} more (see the CSV export)</li> : null}
    </ul>
  );
}
