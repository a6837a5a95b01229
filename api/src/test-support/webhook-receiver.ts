import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request a partner's receiver got: its path, headers and the body exactly as sent. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers a request: a status (and headers), or 'stall' (no answer at all). */
export type ReceiverAnswer = { status: number; headers?: Record<string, string> } | 'stall';

/** A partner's webhook receiver: a real HTTP server on 127.0.0.1. */
export interface WebhookReceiver {
  /** http://127.0.0.1:<port> — list it in WEBHOOK_ALLOWED_HTTP_ORIGINS. */
  readonly origin: string;
  readonly port: number;
  /** Every request received so far, in order. */
  readonly received: ReceivedWebhook[];
  /** How the next requests are answered (default 204); called once per request, in order. */
  answer(next: (request: ReceivedWebhook, index: number) => ReceiverAnswer): void;
  /** Stops listening and drops stalled connections. */
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 (`port` to reuse one, e.g. after a restart; default a free one). */
export function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let answer: (request: ReceivedWebhook, index: number) => ReceiverAnswer = () => ({ status: 204 });
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = {
        path: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      const reply = answer(request, received.length - 1);
      if (reply === 'stall') return;
      outgoing.writeHead(reply.status, reply.headers ?? {});
      outgoing.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${bound}`,
        port: bound,
        received,
        answer(next) {
          answer = next;
        },
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * Verifies a received webhook with the standardwebhooks library, as a partner would, and returns its
 * body parsed. Throws WebhookVerificationError when no signature matches `secret`.
 */
export function verifyWebhook(secret: string, request: ReceivedWebhook) {
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
      name,
      String(request.headers[name]),
    ]),
  );
  return new Webhook(secret).verify(request.body, headers) as {
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
  };
}
