import { describe, expect, it } from 'vitest';
import type { EntryContext } from '@remix-run/node';
import { renderToString } from 'react-dom/server';
// Remix's own component that writes the loader data into the page (not part of its public index).
import { StreamTransfer } from '@remix-run/react/dist/single-fetch.js';
import { readHandoff } from './render.server';

const handoff = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
      controller.close();
    },
  });

/** The document is rendered in one synchronous pass: the loader data must be read before, whole. */
describe('readHandoff', () => {
  it("fills StreamTransfer's cache so it writes every chunk and the close without suspending", async () => {
    const context = { serverHandoffStream: handoff(['[{"_1":2}', ',"loaderData"]']), renderMeta: { didRenderScripts: true } } as unknown as EntryContext;
    await readHandoff(context);
    // renderToString throws when a component outside a Suspense boundary suspends.
    const html = renderToString(
      <StreamTransfer context={context} identifier={0} reader={context.serverHandoffStream!.getReader()} textDecoder={new TextDecoder()} nonce="n0nce" />,
    );
    // Each chunk's Suspense boundary is complete (<!--$-->), none pending (<!--$?-->) or left to the client (<!--$!-->).
    expect(html).not.toMatch(/<!--\$[?!]-->/);
    expect(html.replace(/<!--\/?\$-->/g, '')).toBe(
      '<script nonce="n0nce">window.__remixContext.streamController.enqueue("[{\\"_1\\":2}");</script>' +
        '<script nonce="n0nce">window.__remixContext.streamController.enqueue(",\\"loaderData\\"]");</script>' +
        '<script nonce="n0nce">window.__remixContext.streamController.close();</script>',
    );
  });

  it('leaves a context without a handoff stream alone', async () => {
    const context = { renderMeta: {} } as unknown as EntryContext;
    await readHandoff(context);
    expect(context.renderMeta).toEqual({});
  });
});
