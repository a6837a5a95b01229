/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { Lines, renderPage, SmallPage } from '../lib/html-page.tsx';

/** The sign-in page: `error` (a refused attempt's reason) shows above the form, which keeps `email`. */
export function loginPage({ next, error, email }: { next: string; error?: string; email?: string }): string {
  // Both fields point at the reason they were refused.
  const refused = error ? { 'aria-describedby': 'login-error', 'aria-invalid': 'true' as const } : {};
  return renderPage(
    <SmallPage title="Sign in · CleanQuote admin">
      <h1>Sign in</h1>
      <p>Staff sign-in for the quote inbox, analytics and integrations.</p>
      {error && (
        <p id="login-error" class="error" role="alert">
          {error}
        </p>
      )}
      <form method="post" action="/api/login">
        <Lines>
          <input type="hidden" name="next" value={next} />
          <label for="email">Email address</label>
          <input
            id="email"
            name="email"
            type="email"
            autocomplete="username"
            required
            value={email ?? ''}
            {...refused}
          />
          <label for="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="current-password"
            required
            {...refused}
          />
          <button type="submit">Sign in</button>
        </Lines>
      </form>
      <p>
        <a href="/">Back to the website</a>
      </p>
    </SmallPage>,
  );
}

/** What a sign-out link followed from another site gets: a button that signs out with a POST. */
export function logoutConfirmPage(): string {
  return renderPage(
    <SmallPage title="Log out · CleanQuote admin">
      <h1>Log out?</h1>
      <p>Another site sent you here. To sign out of the CleanQuote admin area, confirm below.</p>
      <form method="post" action="/api/logout">
        <button type="submit">Log Out</button>
      </form>
      <p>
        <a href="/dashboard">Back to the dashboard</a>
      </p>
    </SmallPage>,
  );
}
