/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { renderPage, SmallPage } from '../../lib/html-page.tsx';

const backToXero = (
  <p>
    <a href="/xero">Back to Xero settings</a>
  </p>
);

/**
 * Connecting did not work: why, and the way back to the Xero screen. Its one script (a file of this
 * origin, as the CSP wants) tells the screen that opened the popup why, and closes it.
 */
export function connectionFailedPage(message: string): string {
  return renderPage(
    <SmallPage title="Xero connection failed">
      <h1>Xero connection failed</h1>
      <p class="error" role="alert" id="xero-connect-failure">
        {message}
      </p>
      {backToXero}
      <script src="/xero/failed.js"></script>
    </SmallPage>,
  );
}

/** The popup opened without an admin session. */
export function signInFirstPage(): string {
  return renderPage(
    <SmallPage title="Please sign in">
      <h1>Please sign in</h1>
      <p>Sign in to the admin area before connecting Xero.</p>
      <p>
        <a href="/api/login?next=/xero">Log In</a>
      </p>
    </SmallPage>,
  );
}

/**
 * The organisations Xero connected, named as Xero calls them; its one script (a file of this
 * origin, as the CSP wants) tells the screen that opened the popup, and closes it.
 */
export function connectedPage(tenantNames: readonly string[]): string {
  return renderPage(
    <SmallPage title="Xero connected">
      <h1>Xero connected</h1>
      <p role="status">Connected: {tenantNames.join(', ')}. You can close this window.</p>
      {backToXero}
      <script src="/xero/connected.js"></script>
    </SmallPage>,
  );
}
