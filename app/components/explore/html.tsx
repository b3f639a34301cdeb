/**
 * Catalogue HTML (skill content, chapter text, stage speech, question and option text). It comes
 * from the content import, which validates it; it is never user input.
 */
export function Html({ html, className, as: Tag = 'div' }: { html: string | null | undefined; className?: string; as?: 'div' | 'span' }) {
  if (!html) return null;
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
