import { ScimError } from './scim-schemas';

/**
 * The SCIM filters Leda answers (RFC 7644 s.3.4.2.2, the subset identity providers send): `eq`
 * clauses joined by `and`, on a plain or dotted attribute (`userName`, `externalId`, `emails.value`)
 * or a value filter (`members[value eq "12"]`, `emails[type eq "work"].value`). Anything else is a
 * 400 invalidFilter, never a guess.
 */
export interface FilterClause {
  /** Lower-cased attribute path, e.g. 'username', 'emails.value', 'members.value'. */
  attr: string;
  value: string | number | boolean | null;
}

const CLAUSE =
  /^\s*([A-Za-z][\w.:-]*?)(?:\[\s*([A-Za-z][\w]*)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false|null|-?\d+(?:\.\d+)?)\s*\](?:\.([A-Za-z]\w*))?)?\s+(eq)\s+("(?:[^"\\]|\\.)*"|true|false|null|-?\d+(?:\.\d+)?)\s*$/i;
const VALUE_FILTER_ONLY = /^\s*([A-Za-z][\w]*)\s*\[\s*([A-Za-z][\w]*)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false|null|-?\d+(?:\.\d+)?)\s*\]\s*$/i;

function literal(raw: string): FilterClause['value'] {
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      throw new ScimError(400, `The filter value ${raw} is not a valid string.`, 'invalidFilter');
    }
  }
  const l = raw.toLowerCase();
  if (l === 'true') return true;
  if (l === 'false') return false;
  if (l === 'null') return null;
  return Number(raw);
}

/** Splits on ` and ` outside quotes and brackets. */
function splitAnd(filter: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inQuote = false;
  let start = 0;
  for (let i = 0; i < filter.length; i++) {
    const ch = filter[i];
    if (inQuote) {
      if (ch === '\\') i++;
      else if (ch === '"') inQuote = false;
      continue;
    }
    if (ch === '"') inQuote = true;
    else if (ch === '[') depth++;
    else if (ch === ']') depth--;
    else if (depth === 0 && /\s/.test(ch!) && /^\s+and\s+/i.test(filter.slice(i))) {
      parts.push(filter.slice(start, i));
      const m = /^\s+and\s+/i.exec(filter.slice(i))!;
      i += m[0].length - 1;
      start = i + 1;
    }
  }
  if (inQuote || depth !== 0) throw new ScimError(400, 'The filter has an unclosed quote or bracket.', 'invalidFilter');
  parts.push(filter.slice(start));
  return parts;
}

export function parseScimFilter(filter: string | null | undefined): FilterClause[] {
  if (filter === null || filter === undefined || filter.trim() === '') return [];
  if (filter.length > 1000) throw new ScimError(400, 'The filter is too long.', 'invalidFilter');
  return splitAnd(filter).map((part) => {
    const only = VALUE_FILTER_ONLY.exec(part);
    // members[value eq "12"]: the multi-valued attribute has an element whose sub-attribute equals it.
    if (only) return { attr: `${only[1]!.toLowerCase()}.${only[2]!.toLowerCase()}`, value: literal(only[3]!) };
    const m = CLAUSE.exec(part);
    if (!m) throw new ScimError(400, `Leda answers filters of the form attribute eq "value" joined by and; not: ${part.trim().slice(0, 100)}`, 'invalidFilter');
    const [, attr, subAttr, , subPath] = m;
    // emails[type eq "work"].value eq "x": the type is a selector; the clause compares the value.
    const path = subAttr ? `${attr}.${subPath ?? subAttr}` : attr!;
    return { attr: path.toLowerCase(), value: literal(m[6]!) };
  });
}

/** The value of a PATCH path's selector: `members[value eq "12"]` -> { attr: 'members', sub: 'value', value: '12' }. */
export function parsePatchPath(path: string): { attr: string; selector?: { sub: string; value: FilterClause['value'] }; subAttr?: string } {
  const p = path.trim();
  const m = /^([A-Za-z][\w.:-]*?)(?:\[\s*([A-Za-z]\w*)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false|null|-?\d+(?:\.\d+)?)\s*\])?(?:\.([A-Za-z]\w*))?$/i.exec(p);
  if (!m) throw new ScimError(400, `The path ${p.slice(0, 100)} is not one Leda understands.`, 'invalidPath');
  const [, attr, sub, raw, subAttr] = m;
  return {
    attr: attr!,
    ...(sub ? { selector: { sub: sub.toLowerCase(), value: literal(raw!) } } : {}),
    ...(subAttr ? { subAttr } : {}),
  };
}
