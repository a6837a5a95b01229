import { createServer, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  /** MAIL FROM and RCPT TO: who the conversation really delivered to. */
  envelope: { from: string | undefined; to: string[] };
  /** The message exactly as transmitted (headers and body). */
  raw: string;
  /** Unfolded headers by lower-case name; one entry per occurrence. */
  headers: Map<string, string[]>;
  /** The text/plain part, decoded. */
  text: string;
  /** The text/html part, decoded, if any. */
  html: string | undefined;
  /** Every other part (a calendar invite inline and as an attachment…), decoded, in order. */
  otherParts: MailPart[];
}

/** One part of a multipart message besides its text and HTML bodies. */
export interface MailPart {
  /** The Content-Type header's value ('text/calendar; charset=utf-8; method=REQUEST'). */
  contentType: string;
  /** The Content-Disposition header's value, if any ('attachment; filename=invite.ics'). */
  disposition: string | undefined;
  content: string;
}

export interface SmtpTestServerOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Refuse every RCPT TO with this reply, e.g. { code: 451, message: 'Try later' }. */
  rejectRecipients?: { code: number; message: string } | undefined;
  /** Require AUTH (PLAIN/LOGIN over the plain connection) with these credentials. */
  auth?: { user: string; pass: string } | undefined;
}

/** A free TCP port on 127.0.0.1 (to start a server on it later: the outage-then-recovery tests). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function parseHeaders(block: string): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const joined = body.replace(/=\r\n/g, '');
      const bytes: number[] = [];
      for (let index = 0; index < joined.length; index += 1) {
        const hex = joined.slice(index + 1, index + 3);
        if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(Number.parseInt(hex, 16));
          index += 2;
        } else {
          bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
        }
      }
      return Buffer.from(bytes).toString('utf8');
    }
    default:
      return body;
  }
}

/** Finds the text/plain and text/html parts of a (possibly multipart) message, and its other parts. */
function parts(raw: string): { text: string; html: string | undefined; otherParts: MailPart[] } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const type = headers.get('content-type')?.[0] ?? 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const result: { text: string; html: string | undefined; otherParts: MailPart[] } = {
      text: '',
      html: undefined,
      otherParts: [],
    };
    for (const section of body.split(`--${boundary}`).slice(1)) {
      if (section.startsWith('--')) break;
      const inner = parts(section.replace(/^\r\n/, '').replace(/\r\n$/, ''));
      if (inner.text) result.text ||= inner.text;
      if (inner.html) result.html ??= inner.html;
      result.otherParts.push(...inner.otherParts);
    }
    return result;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding')?.[0]);
  const lowerType = type.toLowerCase();
  if (lowerType.startsWith('text/html')) return { text: '', html: decoded, otherParts: [] };
  if (lowerType.startsWith('text/plain') && !headers.has('content-disposition')) {
    return { text: decoded, html: undefined, otherParts: [] };
  }
  return {
    text: '',
    html: undefined,
    otherParts: [
      { contentType: type, disposition: headers.get('content-disposition')?.[0], content: decoded },
    ],
  };
}

/** Decodes an RFC 2047 encoded-word header value (=?UTF-8?Q?…?= or =?UTF-8?B?…?=). */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

/** Parses a raw message as received over SMTP. */
export function parseMail(raw: string, envelope: ReceivedMail['envelope']): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  return { envelope, raw, headers: parseHeaders(raw.slice(0, split)), ...parts(raw) };
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps what it receives, for tests.
 * No TLS; no auth unless `auth` is given: nodemailer talks plain SMTP to it.
 */
export async function startSmtpTestServer(options: SmtpTestServerOptions = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    disableReverseLookup: true,
    // Closing ends open connections after this long (smtp-server waits 30 s by default), so a test
    // that stops the server meets an outage at once rather than a pooled connection still served.
    closeTimeout: 200,
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      const expected = options.auth;
      if (expected && auth.username === expected.user && auth.password === expected.pass) {
        return callback(null, { user: auth.username });
      }
      callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, callback) {
      const reject = options.rejectRecipients;
      if (!reject) return callback();
      const error = Object.assign(new Error(reject.message), { responseCode: reject.code });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push(
          parseMail(Buffer.concat(chunks).toString('utf8'), {
            from: mailFrom ? mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
          }),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP test server has no port');
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A TCP server that accepts connections and never says a word: an SMTP server that never greets. */
export async function startSilentServer() {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server: Server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('silent server has no port');
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    /** How many connections it has accepted so far. */
    get connections() {
      return accepted;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
