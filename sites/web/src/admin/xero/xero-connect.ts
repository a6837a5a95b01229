/** Where connecting starts: the server redirects it to Xero's consent page. */
export const XERO_CONNECT_PATH = '/xero/connect';

/** The message /xero/callback posts to its opener (its own origin only) once organisations are stored. */
export const XERO_CONNECTED_MESSAGE = 'xero-connected';

/** The message the popup's failure page posts to its opener (its own origin only), with its reason. */
export const XERO_CONNECT_FAILED_MESSAGE = 'xero-connect-failed';

/**
 * Opens Xero's consent in a popup. Where the popup is blocked the same flow runs in this
 * tab — the callback page links back to /xero — so connecting never silently does nothing.
 * Answers the popup, or `null` when this tab is leaving for Xero.
 */
export function openXeroConnect(view: Pick<Window, 'open' | 'location'> = window): Window | null {
  const popup = view.open(XERO_CONNECT_PATH, 'xero-connect', 'popup,width=600,height=720');
  if (!popup) view.location.assign(XERO_CONNECT_PATH);
  return popup;
}

/** True for the callback page's 'connected' message; anything from another origin is ignored. */
export function isXeroConnectedMessage(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  origin: string,
): boolean {
  const data: unknown = event.data;
  return (
    event.origin === origin &&
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === XERO_CONNECTED_MESSAGE
  );
}

/**
 * The reason from the popup's failure page ('' when it gave none), or null for any other message or
 * one from another origin.
 */
export function xeroConnectFailure(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  origin: string,
): string | null {
  const data: unknown = event.data;
  if (event.origin !== origin || typeof data !== 'object' || data === null) return null;
  const { type, message } = data as { type?: unknown; message?: unknown };
  if (type !== XERO_CONNECT_FAILED_MESSAGE) return null;
  return typeof message === 'string' ? message.slice(0, 300) : '';
}
