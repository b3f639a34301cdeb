import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1 and a random port, for tests of
 * the send-email path. It keeps every message it accepted; `rejectNext` makes it answer the
 * next N messages with a temporary failure (451), as a flaky mail relay would.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  html: string;
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  messages: ReceivedMail[];
  rejectNext: (n: number) => void;
  close: () => Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  let toReject = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no STARTTLS (nodemailer would try to upgrade) and no AUTH.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (toReject > 0) {
          toReject--;
          const err = Object.assign(new Error('Temporary failure, try again later'), { responseCode: 451 });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: headerOf(raw, 'subject') ?? '',
          html: htmlOf(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A client that vanishes mid-session (a worker killed with kill -9) resets its connection: a mail
  // relay carries on serving the others, and so does this one (unhandled, the reset would crash the run).
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    rejectNext: (n) => {
      toReject = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function splitHeaders(part: string): { headers: string; body: string } {
  const idx = part.search(/\r?\n\r?\n/);
  if (idx < 0) return { headers: part, body: '' };
  const sep = part.slice(idx).match(/^\r?\n\r?\n/)![0];
  return { headers: part.slice(0, idx), body: part.slice(idx + sep.length) };
}

function headerOf(part: string, name: string): string | undefined {
  const { headers } = splitHeaders(part);
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

function decodeBody(rawBody: string, encoding: string | undefined): string {
  // The line break before a boundary (or the end of the message) is not part of the content.
  const body = rawBody.replace(/\r?\n$/, '');
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable': {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** The decoded text/html part of a MIME message (single part or multipart). */
function htmlOf(raw: string): string {
  const type = headerOf(raw, 'content-type') ?? 'text/plain';
  const { body } = splitHeaders(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return type.toLowerCase().startsWith('text/html') ? decodeBody(body, headerOf(raw, 'content-transfer-encoding')) : '';
  for (const part of body.split(`--${boundary}`)) {
    const html = htmlOf(part.replace(/^\r?\n/, ''));
    if (html) return html;
  }
  return '';
}
