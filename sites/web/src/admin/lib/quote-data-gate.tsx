import { useSignals } from '@preact/signals-react/runtime';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { UnlockForm } from '../unlock-form.tsx';
import { quoteDataLocked, quoteDataUnlocked } from './query-client.ts';

/** Props of {@link QuoteDataGate}. */
export interface QuoteDataGateProps {
  /** What the password opens, for the explanation ('quote requests', 'the mail log'). */
  opens: string;
  /** The page's heading, shown above the password form when the gate stands for a whole screen. */
  heading?: string;
  children: ReactNode;
}

/**
 * Shows its children, or the quote-dashboard password form once a call answered 403 {locked}; after
 * the password is accepted every query is read again and the children come back.
 */
export function QuoteDataGate({ opens, heading, children }: QuoteDataGateProps) {
  useSignals();
  const client = useQueryClient();
  if (!quoteDataLocked.value) return <>{children}</>;
  const form = <UnlockForm opens={opens} onUnlocked={() => void quoteDataUnlocked(client)} />;
  if (!heading) return form;
  return (
    <>
      <div className="page-header">
        <h1>{heading}</h1>
      </div>
      {form}
    </>
  );
}
