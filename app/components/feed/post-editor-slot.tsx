import { lazy, memo, Suspense, useState, type ComponentProps } from 'react';
import type * as EditorModule from './post-editor';
import * as onServer from './post-editor-ssr.server';

type Props = ComponentProps<typeof EditorModule.PostEditor>;

/** The editor's code (its own chunk), once the browser has it. */
let loaded: typeof EditorModule | null = null;
const load = () => import('./post-editor').then((m) => (loaded = m));

/** The editor where its code is still on its way: fetched when the editor first renders in the browser. */
const InBrowser = lazy(() => load().then((m) => ({ default: m.PostEditor })));

// Loaded by a client-side navigation (the page has hydrated): fetch the editor now, beside the page's
// data, so it is there when the page renders. On a page load it waits for hydration, after the first paint.
if (typeof document !== 'undefined' && document.documentElement.hasAttribute('data-hydrated')) void load();

/**
 * The server's editor as the page arrived, read before hydration: if the editor's boundary must render
 * before its code is here (an update reached it first), this copy stands in. It is a plain form, as
 * without JavaScript, so the editor works throughout.
 */
const arrived = typeof document === 'undefined' ? '' : (document.querySelector('.post-editor-slot')?.innerHTML ?? '');

/**
 * The post editor, whose code loads only where it is shown (decision 351): the server renders it
 * whole (the page works without JavaScript); in the browser its boundary keeps the server's markup
 * until the editor's chunk arrives, then hydrates it. Memoised, so a re-render of the page above it
 * with the same values does not reach the boundary before it has hydrated.
 */
export const PostEditorSlot = memo(function PostEditorSlot(props: Props) {
  // Chosen once per editor, so it never remounts (and loses what was typed) when the code arrives.
  const [Editor] = useState(() => (typeof document === 'undefined' ? onServer.PostEditor : (loaded?.PostEditor ?? InBrowser)));
  return (
    <div className="post-editor-slot">
      <Suspense fallback={<div suppressHydrationWarning dangerouslySetInnerHTML={{ __html: arrived }} />}>
        <Editor {...props} />
      </Suspense>
    </div>
  );
});
