import { Link } from 'wouter';

/** Any path without a page: unknown paths, reserved words without a route, unknown suburbs. */
export function NotFoundPage() {
  return (
    <div className="container">
      <div className="page-header prose">
        <h1>Page Not Found</h1>
        <p>Did you forget to add the page to the router?</p>
        <Link href="/" className="button">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
