import { DirectEmailSender } from './direct-email-sender.tsx';
import { MailLogSection } from './mail-log-section.tsx';

/**
 * /email-test: the direct email sender, then the Mail log — what
 * the site has sent, is sending, failed to send or (without SMTP) captured.
 */
export function EmailTestScreen() {
  return (
    <div className="email-tools">
      <div className="page-header">
        <h1>Email Test</h1>
        <p className="muted">Check that email goes out, and read every email the site has sent.</p>
      </div>
      <DirectEmailSender />
      <MailLogSection />
    </div>
  );
}
