import type { Context } from 'hono';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string | undefined } };
}

/**
 * The client's IP address for rate limits. Behind `trustedProxies` reverse proxies (TRUST_PROXY),
 * it is the address the outermost trusted proxy saw, taken from the right of X-Forwarded-For so a
 * client cannot choose it; otherwise the socket's peer address.
 */
export function clientIp(c: Context, trustedProxies: number): string {
  const socketAddress = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
  if (trustedProxies > 0) {
    const forwarded = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const hop = forwarded[forwarded.length - trustedProxies];
    if (hop) return hop;
  }
  return socketAddress ?? 'unknown';
}
