import { lazy, memo, Suspense, type ComponentProps } from 'react';
import type { PostEditor } from './post-editor';
import * as onServer from './post-editor-ssr.server';

type Props = ComponentProps<typeof PostEditor>;

/** The editor's code, fetched by the browser when the editor first renders there (its own chunk). */
const InBrowser = lazy(() => import('./post-editor').then((m) => ({ default: m.PostEditor })));

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
  const Editor = typeof document === 'undefined' ? onServer.PostEditor : InBrowser;
  return (
    <div className="post-editor-slot">
      <Suspense fallback={<div suppressHydrationWarning dangerouslySetInnerHTML={{ __html: arrived }} />}>
        <Editor {...props} />
      </Suspense>
    </div>
  );
});
