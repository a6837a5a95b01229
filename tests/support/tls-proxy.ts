import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { createServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A self-signed certificate for 127.0.0.1 and localhost, valid for a day. */
export interface SelfSignedCertificate {
  /** PEM */
  readonly cert: string;
  /** PEM */
  readonly key: string;
}

/** Makes a fresh key and self-signed certificate with `openssl req` (never a file kept in the repository). */
export function selfSignedCertificate(): SelfSignedCertificate {
  const directory = mkdtempSync(join(tmpdir(), 'cleanquote-tls-'));
  try {
    const keyFile = join(directory, 'key.pem');
    const certFile = join(directory, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Connection-scoped headers a proxy never passes on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer'];

function withoutHopByHop(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = { ...headers };
  for (const name of HOP_BY_HOP) delete kept[name];
  return kept;
}

/** A TLS-terminating reverse proxy on 127.0.0.1, as nginx or a load balancer would sit in front of the app. */
export interface TlsProxy {
  /** https://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  readonly certificate: SelfSignedCertificate;
  /** Points the proxy at the app (http://127.0.0.1:<port>); until then it answers 502. */
  forwardTo(upstream: string): void;
  close(): Promise<void>;
}

/**
 * Starts an https server on a free port of 127.0.0.1 that forwards every request to the upstream
 * app over plain http, the way a production proxy is set up: the peer's address appended to
 * X-Forwarded-For (so a client can add entries but never replace the last one), X-Forwarded-Proto
 * https, and the Host the client asked for kept.
 */
export async function startTlsProxy(certificate = selfSignedCertificate()): Promise<TlsProxy> {
  let upstream: URL | undefined;
  const server = createServer({ cert: certificate.cert, key: certificate.key }, (request, response) => {
    if (!upstream) {
      response.writeHead(502).end();
      return;
    }
    const peer = request.socket.remoteAddress ?? '';
    const earlier = request.headers['x-forwarded-for'];
    const forwardedFor = earlier ? `${earlier}, ${peer}` : peer;
    const outgoing = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: {
          ...withoutHopByHop(request.headers),
          'x-forwarded-for': forwardedFor,
          'x-forwarded-proto': 'https',
          'x-forwarded-host': request.headers.host,
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        answer.pipe(response);
      },
    );
    outgoing.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(outgoing);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    certificate,
    forwardTo(target) {
      upstream = new URL(target);
    },
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}

/** An answer read in full by {@link requestThroughTls}. */
export interface TlsAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** Options of {@link requestThroughTls}. */
export interface TlsRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * The local address the connection comes from (any of 127.0.0.0/8 on Linux): a different client
   * machine as far as the proxy can tell.
   */
  from?: string;
}

/**
 * One request to `url` over TLS that trusts only the proxy's own certificate (verified, not
 * ignored), from the local address `from`.
 */
export function requestThroughTls(
  proxy: TlsProxy,
  path: string,
  { method = 'GET', headers = {}, body, from = '127.0.0.1' }: TlsRequestOptions = {},
): Promise<TlsAnswer> {
  return new Promise((answered, failed) => {
    const outgoing = httpsRequest(
      {
        host: '127.0.0.1',
        port: proxy.port,
        path,
        method,
        headers,
        localAddress: from,
        ca: proxy.certificate.cert,
        agent: false,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          answered({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }),
        );
        answer.on('error', failed);
      },
    );
    outgoing.on('error', failed);
    outgoing.end(body);
  });
}
