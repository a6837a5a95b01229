/**
 * A partner's site on its own origin, for the embed's end-to-end tests (tests/e2e/embed-*.spec.ts)
 * and for trying the embed by hand. Every page gets a fresh CSP nonce and a strict policy: scripts
 * only with the nonce (and from the CleanQuote API's origin, where the chunk comes from), requests
 * only to the API, styles only with the nonce.
 *
 * Pages: /two-wizards.html (hostile CSS, two elements; `?hostile=off` without the hostile styles,
 * `?embed=off` without the elements and the script), /react.html (a React 19 page using the element).
 *
 * `npm run dev` starts it at http://localhost:4322 against the development API, which allows it the key
 * `demo`. By hand, against `npm start`:
 * `API=http://localhost:3000 PARTNER_KEY=demo PORT=4322 pnpm --filter @cleanquote/partner-demo start`
 * with the API started with `PARTNER_ORIGINS=demo=http://localhost:4322`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

const siteDirectory = resolve(import.meta.dirname, '..');

/** Options of {@link startPartnerDemo}. */
export interface PartnerDemoOptions {
  /** The CleanQuote API's origin (it serves the embed script): 'http://127.0.0.1:4321'. */
  readonly apiOrigin: string;
  /** The partner key the pages' elements carry. */
  readonly partnerKey: string;
  /** Port to listen on (0 or absent: any free port). */
  readonly port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  readonly host?: string;
}

/** A running demo site. */
export interface PartnerDemo {
  /** `http://127.0.0.1:<port>`: the partner's origin. */
  readonly url: string;
  close(): Promise<void>;
}

function between(marker: string): RegExp {
  return new RegExp(`<!-- ${marker}:start -->[\\s\\S]*?<!-- ${marker}:end -->`, 'g');
}

function page(name: string, url: URL, options: PartnerDemoOptions, nonce: string): string | undefined {
  const path = join(siteDirectory, 'pages', name);
  if (!/^[\w-]+\.html$/.test(name) || !existsSync(path)) return undefined;
  let html = readFileSync(path, 'utf8');
  if (url.searchParams.get('hostile') === 'off') html = html.replace(between('hostile'), '');
  if (url.searchParams.get('embed') === 'off') {
    html = html.replace(between('embed'), '').replace(between('embed-script'), '');
  }
  // The pinned snippet staff hand out: the exact version with its SRI hash (packages/quote-embed build).
  const manifestPath = resolve(
    siteDirectory,
    '..',
    '..',
    'packages',
    'quote-embed',
    'dist',
    'embed-manifest.json',
  );
  const manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string; integrity: string })
    : { version: 'unbuilt', integrity: '' };
  return html
    .replaceAll('__EMBED_VERSION__', manifest.version)
    .replaceAll('__INTEGRITY__', manifest.integrity)
    .replaceAll('__NONCE__', nonce)
    .replaceAll('__API__', options.apiOrigin)
    .replaceAll('__PARTNER_KEY__', options.partnerKey);
}

function policy(nonce: string, apiOrigin: string, nonceOnly: boolean): string {
  return [
    "default-src 'none'",
    // `?csp=nonce-only`: scripts by nonce alone, the API's origin not listed (PROTOCOL.md says the
    // chunk's import() inherits the loader's nonce).
    nonceOnly ? `script-src 'nonce-${nonce}'` : `script-src 'nonce-${nonce}' 'self' ${apiOrigin}`,
    `connect-src ${apiOrigin}`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function handle(options: PartnerDemoOptions, request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://partner.invalid');
  const name = url.pathname === '/' ? 'two-wizards.html' : url.pathname.slice(1);
  if (name === 'favicon.ico') {
    response.writeHead(204).end();
    return;
  }
  if (name.endsWith('.js') && /^[\w-]+\.js$/.test(name)) {
    const file = join(siteDirectory, 'dist', name);
    if (existsSync(file)) {
      response.writeHead(200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-cache',
      });
      response.end(readFileSync(file));
      return;
    }
  }
  const nonce = randomBytes(16).toString('base64');
  const html = page(name, url, options, nonce);
  if (html === undefined) {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Not found');
    return;
  }
  response.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': policy(nonce, options.apiOrigin, url.searchParams.get('csp') === 'nonce-only'),
    'Cache-Control': 'no-store',
  });
  response.end(html);
}

/** Starts the demo site; resolves once it listens. */
export function startPartnerDemo(options: PartnerDemoOptions): Promise<PartnerDemo> {
  const server = createServer((request, response) => handle(options, request, response));
  return new Promise((ready, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      ready({
        url: `http://${options.host ?? '127.0.0.1'}:${port}`,
        close: () =>
          new Promise<void>((closed) => {
            server.closeAllConnections();
            server.close(() => closed());
          }),
      });
    });
  });
}

if (process.argv[1] === import.meta.filename) {
  const demo = await startPartnerDemo({
    apiOrigin: process.env.API ?? 'http://localhost:3000',
    partnerKey: process.env.PARTNER_KEY ?? 'demo',
    port: Number(process.env.PORT ?? 4322),
  });
  console.log(`Partner demo on ${demo.url} (embedding ${process.env.API ?? 'http://localhost:3000'})`);
}
