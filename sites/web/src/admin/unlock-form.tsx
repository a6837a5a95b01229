import {
  type DashboardUnlock,
  type DashboardUnlockInput,
  dashboardUnlock,
} from '@cleanquote/quote-core/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { showServerFieldErrors } from './lib/field-errors.ts';
import { answer, StaffApiError, staffApi } from './lib/staff-api.ts';

/** Props of {@link UnlockForm}. */
export interface UnlockFormProps {
  /** What the password opens, for the explanation ('quote requests', 'the mail log'). */
  opens: string;
  /** Called once the server accepted the password for this session. */
  onUnlocked: () => void;
}

/** What POST /api/admin/unlock says to a wrong password (a 401 that does not end the session). */
const INCORRECT_PASSWORD = 'Incorrect password';

/** The checks the server makes on the password, made in the browser first with the same words. */
export const dashboardUnlockResolver = zodResolver(dashboardUnlock);

/**
 * Checks the quote-dashboard password on the server. A wrong one answers 'incorrect' instead of
 * failing: its 401 means "not this password", not "signed out", so the one error handler (which
 * shows the sign-in card on a 401) never sees it.
 */
export function useUnlockQuoteData() {
  return useMutation({
    mutationFn: async (unlock: DashboardUnlock): Promise<'unlocked' | 'incorrect'> => {
      try {
        await answer(staffApi.admin.unlock.$post({ json: unlock }));
        return 'unlocked';
      } catch (error) {
        if (error instanceof StaffApiError && error.status === 401 && error.message === INCORRECT_PASSWORD) {
          return 'incorrect';
        }
        throw error;
      }
    },
    meta: {
      errorTitle: 'Unlock Failed',
      errorFallback: 'The password could not be checked. Please try again.',
    },
  });
}

/**
 * The quote-dashboard password, checked on the server: it unlocks this session only. A wrong password
 * shows 'Incorrect password' as an alert and keeps focus on the field.
 */
export function UnlockForm({ opens, onUnlocked }: UnlockFormProps) {
  const passwordId = useId();
  const errorId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm<DashboardUnlockInput, unknown, DashboardUnlock>({
    resolver: dashboardUnlockResolver,
    defaultValues: { password: '' },
  });
  const unlock = useUnlockQuoteData();
  const error = errors.password?.message;

  const submit = (values: DashboardUnlock) => {
    if (unlock.isPending) return;
    unlock.mutate(values, {
      onSuccess: (outcome) => {
        if (outcome === 'unlocked') {
          reset();
          onUnlocked();
          return;
        }
        setError('password', { type: 'server', message: INCORRECT_PASSWORD });
        setFocus('password', { shouldSelect: true });
      },
      onError: (caught) => {
        showServerFieldErrors(caught, ['password'], setError);
      },
    });
  };

  return (
    <section className="card unlock" aria-labelledby={`${passwordId}-heading`}>
      <h2 id={`${passwordId}-heading`}>Quote dashboard locked</h2>
      <p>Enter the quote dashboard password to see {opens}. It unlocks this session only.</p>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="unlock__form">
        <div className="field">
          <label htmlFor={passwordId}>Password</label>
          <input
            id={passwordId}
            type="password"
            autoComplete="current-password"
            {...register('password')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        {error ? (
          <p id={errorId} role="alert" className="field-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button">
          {unlock.isPending ? 'Unlocking...' : 'Unlock'}
        </button>
      </form>
    </section>
  );
}
