import fs from 'node:fs/promises';
import path from 'node:path';
import { loadEnv } from '@modules/shared/index.server';
import { sanitizeArticleHtml } from '@modules/catalogue/index.server';

/**
 * The legal pages' text ships in content/legal/*.html (complete, original text for an
 * Australian company under Victorian law). Read once, sanitised, and the contact address
 * swapped for SUPPORT_EMAIL.
 */
export type LegalPage = 'privacy-policy' | 'terms-conditions';
const cache = new Map<LegalPage, string>();
const SHIPPED_ADDRESS = 'hello@leda.example';

export async function legalHtml(page: LegalPage): Promise<string> {
  const hit = cache.get(page);
  if (hit) return hit;
  const raw = await fs.readFile(path.resolve('content/legal', `${page}.html`), 'utf8');
  const html = sanitizeArticleHtml(raw.split(SHIPPED_ADDRESS).join(loadEnv().SUPPORT_EMAIL));
  cache.set(page, html);
  return html;
}
