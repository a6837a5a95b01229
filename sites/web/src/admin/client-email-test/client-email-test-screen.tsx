import { NotBuiltScreen } from '../not-built-screen.tsx';

/** /client-email-test: the client auto-response test (being built). */
export function ClientEmailTestScreen() {
  return <NotBuiltScreen screen="client-email-test" />;
}
