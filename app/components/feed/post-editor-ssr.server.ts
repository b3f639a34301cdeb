/**
 * The post editor for the server's render only. In the browser build every `.server` module is an
 * empty stub, so naming the editor through this file keeps its code, and the form library's, out of
 * the scripts a page loads first; the browser loads them when the editor hydrates (post-editor-slot,
 * decision 351).
 */
export { PostEditor } from './post-editor';
