/** Where connecting starts: the server redirects it to Xero's consent page. */
export const XERO_CONNECT_PATH = '/xero/connect';

/** The message /xero/callback posts to its opener (its own origin only) once organisations are stored. */
export const XERO_CONNECTED_MESSAGE = 'xero-connected';

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
