import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { App } from '../app.ts';

/** An app served over real HTTP on 127.0.0.1, as the server process serves it. */
export interface ListeningApp {
  readonly port: number;
  close(): Promise<void>;
}

/** Serves `app` with @hono/node-server on a free port of 127.0.0.1. */
export function listen(app: App): Promise<ListeningApp> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) =>
      resolve({
        port: info.port,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}

/** A plain HTTP answer: status, lower-case headers and the body as text. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request with exactly the headers given — Host included, which fetch() always sets itself —
 * to 127.0.0.1:`port`.
 */
export function httpRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, method, path, headers, setHost: !('Host' in headers) },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          text += chunk;
        });
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: text }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** POST `body` to `path` with `headers`. */
export function httpPost(port: number, path: string, body: string, headers: Record<string, string>) {
  return httpRequest(port, 'POST', path, headers, body);
}

/** GET `path` with `headers`. */
export function httpGet(port: number, path: string, headers: Record<string, string>) {
  return httpRequest(port, 'GET', path, headers);
}
