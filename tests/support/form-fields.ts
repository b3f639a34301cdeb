/**
 * What a browser without JavaScript would post from a rendered page: route tests read the form's
 * fields out of the server HTML, change what a person would type, and post the rest as rendered.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const decode = (v: string) => v.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ENTITIES[e]!);
const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decode(m[1]!) : null;
};

/** What a browser without JavaScript would send for the first form whose opening tag contains `marker` (buttons aside). */
export function formFields(html: string, marker: string): Record<string, string[]> {
  const start = html.search(new RegExp(`<form[^>]*${marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  if (start < 0) throw new Error(`no form with ${marker}`);
  const form = html.slice(start, html.indexOf('</form>', start));
  const out: Record<string, string[]> = {};
  const add = (name: string | null, value: string) => {
    if (name) (out[name] ??= []).push(value);
  };
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const type = attr(tag, 'type') ?? 'text';
    if (['submit', 'button', 'file', 'image', 'reset'].includes(type)) continue;
    if ((type === 'checkbox' || type === 'radio') && !/\schecked=""/.test(tag)) continue;
    add(attr(tag, 'name'), attr(tag, 'value') ?? (type === 'checkbox' ? 'on' : ''));
  }
  for (const m of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) add(attr(m[1]!, 'name'), decode(m[2]!));
  for (const m of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const options = [...m[2]!.matchAll(/<option\b[^>]*>/g)].map((o) => o[0]);
    const chosen = options.find((o) => /\sselected=""/.test(o)) ?? options[0];
    add(attr(m[1]!, 'name'), chosen ? (attr(chosen, 'value') ?? '') : '');
  }
  return out;
}

/** Replaces fields (the admin typing or choosing), keeping the rest of what the page rendered. */
export const withFields = (fields: Record<string, string[]>, changes: Record<string, string | string[]>) => {
  const next = { ...fields };
  for (const [k, v] of Object.entries(changes)) next[k] = Array.isArray(v) ? v : [v];
  return next;
};
