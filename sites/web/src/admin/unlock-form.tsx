import { type FormEvent, useId, useRef, useState } from 'react';
import { AdminApiError, unlockQuoteDashboard } from './admin-api.ts';
import { reportAdminError } from './admin-errors.ts';

/** Props of {@link UnlockForm}. */
export interface UnlockFormProps {
  /** What the password opens, for the explanation ('quote requests', 'the mail log'). */
  opens: string;
  /** Called once the server accepted the password for this session. */
  onUnlocked: () => void;
}

/**
 * The quote-dashboard password (spec §2, §5; DESIGN.md 2), checked on the server: it unlocks this
 * session only. A wrong password shows 'Incorrect password' as an alert and keeps focus on the field.
 */
export function UnlockForm({ opens, onUnlocked }: UnlockFormProps) {
  const passwordId = useId();
  const errorId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await unlockQuoteDashboard(password);
      setPassword('');
      onUnlocked();
    } catch (caught) {
      if (caught instanceof AdminApiError && (caught.status === 401 || caught.status === 400)) {
        setError(caught.status === 401 ? 'Incorrect password' : caught.message);
        field.current?.focus();
        field.current?.select();
      } else {
        reportAdminError(caught, 'Unlock Failed', 'The password could not be checked. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card unlock" aria-labelledby={`${passwordId}-heading`}>
      <h2 id={`${passwordId}-heading`}>Quote dashboard locked</h2>
      <p>Enter the quote dashboard password to see {opens}. It unlocks this session only.</p>
      <form onSubmit={(event) => void submit(event)} className="unlock__form">
        <div className="field">
          <label htmlFor={passwordId}>Password</label>
          <input
            ref={field}
            id={passwordId}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        {error ? (
          <p id={errorId} role="alert" className="field-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Unlocking...' : 'Unlock'}
        </button>
      </form>
    </section>
  );
}
