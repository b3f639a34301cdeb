import type { Server } from 'node:http';

/**
 * Graceful stop for the web server (SIGTERM): stop accepting connections, let the requests in
 * flight finish and reach their clients (a committed write is answered), close keep-alive
 * connections as soon as they are idle, and after `drainMs` cut whatever is still open.
 * Resolves true when everything finished in time, false when connections had to be cut.
 */
export function gracefulClose(server: Server, opts: { drainMs: number; onTimeout?: (open: number) => void }): Promise<boolean> {
  return new Promise((resolve) => {
    let finished = false;
    const done = (inTime: boolean) => {
      if (finished) return;
      finished = true;
      clearInterval(idleSweep);
      clearTimeout(deadline);
      resolve(inTime);
    };
    server.close(() => done(true));
    // A keep-alive connection whose last response just went out is idle: close it, repeatedly,
    // so server.close() is not kept waiting by clients that would send another request.
    server.closeIdleConnections();
    const idleSweep = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => {
      server.getConnections((_err, open) => opts.onTimeout?.(open));
      server.closeAllConnections();
      done(false);
    }, opts.drainMs);
  });
}

/** Express/Node middleware helper: while draining, tell keep-alive clients to reconnect elsewhere. */
export function connectionCloseWhile(isDraining: () => boolean) {
  return (_req: unknown, res: { setHeader(name: string, value: string): unknown }, next: () => void) => {
    if (isDraining()) res.setHeader('Connection', 'close');
    next();
  };
}
