import type { EntryContext } from '@remix-run/node';

/**
 * The renderer's one private part (docs/decisions/236; app/runtime/README.md): app/entry.server.tsx
 * renders the whole document in one synchronous pass, so Remix's loader data (the turbo-stream
 * "server handoff" that <Scripts> writes with a suspending <StreamTransfer>) is read here to its end
 * first and put in the per-render cache StreamTransfer reads (`renderMeta.streamCache`, a private
 * detail of @remix-run/react 2.17): the same script tags, written without suspending.
 * On an upgrade: app/entry.server.test.tsx fails if StreamTransfer's cache shape changes.
 */
/** What Remix 2.17's StreamTransfer keeps per chunk in `renderMeta.streamCache`: a settled read. */
type SettledRead = Promise<void> & { result: { done: boolean; value: string } };

/**
 * Reads the handoff stream to its end into `renderMeta.streamCache`, keyed as StreamTransfer keys it
 * (0, 1, … one per chunk, the last one done), then releases the stream for <RemixServer>.
 */
export async function readHandoff(context: EntryContext) {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const cache: Record<number, SettledRead> = {};
  for (let i = 0; ; i++) {
    const { done, value } = await reader.read();
    cache[i] = Object.assign(Promise.resolve(), { result: { done, value: decoder.decode(value, { stream: true }) } });
    if (done) break;
  }
  reader.releaseLock();
  context.renderMeta.streamCache = cache;
}
