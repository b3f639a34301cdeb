import { Fragment, type ReactNode } from 'react';

/**
 * Post text formatting (learner-app s.9): **bold**, *italic*, __underline__, and web addresses as
 * links that open in a new tab with nofollow. Built as React nodes, never as HTML, so a post
 * cannot inject markup.
 */
const TOKEN = /(\*\*[^*\n]+\*\*|__[^_\n]+__|\*[^*\n]+\*|https?:\/\/[^\s<>"]+)/g;

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let i = 0;
  for (const m of text.matchAll(TOKEN)) {
    const t = m[0];
    if (m.index > last) out.push(text.slice(last, m.index));
    const k = `${key}-${i++}`;
    if (t.startsWith('**')) out.push(<strong key={k}>{inline(t.slice(2, -2), k)}</strong>);
    else if (t.startsWith('__')) out.push(<u key={k}>{inline(t.slice(2, -2), k)}</u>);
    else if (t.startsWith('*')) out.push(<em key={k}>{inline(t.slice(1, -1), k)}</em>);
    else {
      const href = t.replace(/[.,;:!?)]+$/, '');
      out.push(
        <a key={k} href={href} target="_blank" rel="nofollow noopener noreferrer">
          {href}
        </a>,
      );
      if (href.length < t.length) out.push(t.slice(href.length));
    }
    last = m.index + t.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function PostText({ text }: { text: string }) {
  const lines = text.split('\n');
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {inline(line, String(i))}
          {i < lines.length - 1 ? <br /> : null}
        </Fragment>
      ))}
    </>
  );
}
