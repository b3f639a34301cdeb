/**
 * Catalogue HTML (skill content, chapter text, stage speech, question and option text). It comes
 * from the content import, which validates it; it is never user input.
 */
export function Html({ html, className, as: Tag = 'div' }: { html: string | null | undefined; className?: string; as?: 'div' | 'span' }) {
  if (!html) return null;
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Plain text of an HTML fragment, for labels and typed speech. */
export function htmlToText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<\/(p|li|h[1-6]|blockquote|div)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\n{2,}/g, '\n')
    .trim();
}
