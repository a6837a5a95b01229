import { NotBuiltScreen } from '../not-built-screen.tsx';

/** /email-test: the direct email sender and the mail log (being built). */
export function EmailTestScreen() {
  return <NotBuiltScreen screen="email-test" />;
}
