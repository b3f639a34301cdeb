/**
 * The one HTML-to-text conversion (issue 30 s.3, decision 342). Browser-safe: no server imports, so a
 * component may use it (through @modules/shared/constants) as well as any module.
 *
 * - Script and style elements and comments vanish with their contents.
 * - A block's end (</p>, </li>, </h1>..</h6>, </blockquote>, </div>, </tr>) and <br> end a line; any
 *   other tag vanishes. Only what looks like a tag is a tag: '1 < 2 and 3 > 2' stays as it is.
 * - Entities are decoded: every numeric one, the Latin-1 names (&eacute; &ouml; ...) and the common
 *   punctuation ones; an unknown named one is dropped.
 * - 'lines' (the default): each line trimmed, blank lines dropped, lines joined by '\n' (typed speech,
 *   PDF paragraphs). 'paragraph': all white space folded to single spaces (cards, summaries, captions).
 */
export type HtmlTextMode = 'lines' | 'paragraph';

/** HTML's Latin-1 entities, &nbsp; (U+00A0) to &yuml; (U+00FF), in code point order. */
const LATIN1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest ' +
  'Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig ' +
  'agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';

const NAMED: Record<string, string> = {
  ...Object.fromEntries(LATIN1.split(' ').map((name, i) => [name, String.fromCharCode(0xa0 + i)])),
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  trade: '™',
  euro: '€',
};

const codePoint = (n: number) => (Number.isInteger(n) && n > 0 && n <= 0x10ffff && (n < 0xd800 || n > 0xdfff) ? String.fromCodePoint(n) : '');

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,31});/gi, (_m, name: string) => {
    if (name[0] === '#') return codePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return NAMED[name] ?? NAMED[name.toLowerCase()] ?? '';
  });
}

export function htmlToText(html: string | null | undefined, mode: HtmlTextMode = 'lines'): string {
  if (!html) return '';
  const text = decodeEntities(
    html
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<\/(p|li|h[1-6]|blockquote|div|tr)\s*>|<br\s*\/?>/gi, '\n')
      .replace(/<\/?[a-z][^<>]*>/gi, ''),
  );
  if (mode === 'paragraph') return text.replace(/\s+/g, ' ').trim();
  return text
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}
