/**
 * Browser-safe helpers of modules/shared (no zod, no server imports) for app/components; modules import
 * the files themselves.
 */
export { htmlToText, type HtmlTextMode } from './html-text';
export { boundedInt } from './bounded-int';
