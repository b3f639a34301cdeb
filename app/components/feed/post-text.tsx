import { Fragment, type ReactNode } from 'react';

/**
 * Post text formatting (learner-app s.9): **bold**, *italic*, __underline__, web addresses as links
 * that open in a new tab with nofollow, [label](https://…) links, and lines starting "- " as a
 * bulleted list (the editor's toolbar writes these, decision 280). Built as React nodes, never as
 * HTML, so a post cannot inject markup.
 */
const TOKEN = /(\*\*[^*\n]+\*\*|__[^_\n]+__|\*[^*\n]+\*|\[[^\]\n]{1,500}\]\(https?:\/\/[^\s<>"()]+\)|https?:\/\/[^\s<>"]+)/g;
const LABELLED = /^\[([^\]\n]+)\]\((https?:\/\/[^\s<>"()]+)\)$/;
const BULLET = /^\s*[-*]\s+/;

function link(href: string, label: ReactNode, key: string) {
  return (
    <a key={key} href={href} target="_blank" rel="nofollow noopener noreferrer">
      {label}
    </a>
  );
}

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let i = 0;
  for (const m of text.matchAll(TOKEN)) {
    const t = m[0];
    if (m.index > last) out.push(text.slice(last, m.index));
    const k = `${key}-${i++}`;
    const labelled = LABELLED.exec(t);
    if (labelled) out.push(link(labelled[2]!, inline(labelled[1]!, k), k));
    else if (t.startsWith('**')) out.push(<strong key={k}>{inline(t.slice(2, -2), k)}</strong>);
    else if (t.startsWith('__')) out.push(<u key={k}>{inline(t.slice(2, -2), k)}</u>);
    else if (t.startsWith('*')) out.push(<em key={k}>{inline(t.slice(1, -1), k)}</em>);
    else {
      const href = t.replace(/[.,;:!?)]+$/, '');
      out.push(link(href, href, k));
      if (href.length < t.length) out.push(t.slice(href.length));
    }
    last = m.index + t.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function PostText({ text }: { text: string }) {
  const lines = text.split('\n');
  // Runs of "- " lines become one list; other lines keep their line breaks.
  const blocks: { list: boolean; lines: string[]; start: number }[] = [];
  lines.forEach((line, i) => {
    const list = BULLET.test(line);
    const prev = blocks[blocks.length - 1];
    if (prev && prev.list === list) prev.lines.push(list ? line.replace(BULLET, '') : line);
    else blocks.push({ list, lines: [list ? line.replace(BULLET, '') : line], start: i });
  });
  return (
    <>
      {blocks.map((b) =>
        b.list ? (
          <ul key={b.start} className="post-text-list">
            {b.lines.map((line, i) => (
              <li key={i}>{inline(line, `${b.start + i}`)}</li>
            ))}
          </ul>
        ) : (
          <Fragment key={b.start}>
            {b.lines.map((line, i) => (
              <Fragment key={i}>
                {inline(line, `${b.start + i}`)}
                {i < b.lines.length - 1 ? <br /> : null}
              </Fragment>
            ))}
          </Fragment>
        ),
      )}
    </>
  );
}
