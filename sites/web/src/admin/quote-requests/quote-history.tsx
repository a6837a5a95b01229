import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { statusLabel } from '../lib/quote-labels.ts';
import type { QuoteHistoryEntry } from './quote-request-queries.ts';

/** One entry of a quote request's history, with who made it and when (Melbourne time). */
export function HistoryItem({ entry, customerEmail }: { entry: QuoteHistoryEntry; customerEmail: string }) {
  const when = formatMelbourneTime(entry.at);
  switch (entry.kind) {
    case 'created':
      return (
        <li>
          <strong>Quote request received</strong> <span className="muted">{when}</span>
        </li>
      );
    case 'system':
      return (
        <li>
          <strong>{entry.text}</strong> <span className="muted">{when}</span>
        </li>
      );
    case 'status':
      return (
        <li>
          <strong>
            {statusLabel(entry.from)} → {statusLabel(entry.to)}
          </strong>{' '}
          by {entry.actor.name} <span className="muted">{when}</span>
          {entry.reason ? <p>Reason: {entry.reason}</p> : null}
        </li>
      );
    case 'note':
      return (
        <li>
          <strong>Note</strong> by {entry.actor.name} <span className="muted">{when}</span>
          <p className="history__text">{entry.text}</p>
        </li>
      );
    case 'quote':
    case 'visit':
      // The priced quote's steps and the visit's: sent by staff ('by Sarah'), or the customer's own, whose text says
      // who ('Accepted online by Jane Citizen'), or the system's ('Quote expired'); the visit's
      // ('Visit booked for …'), by staff or the customer.
      return (
        <li>
          <strong>{entry.text}</strong>
          {entry.actor.name && entry.actor.email !== customerEmail ? <> by {entry.actor.name}</> : null}{' '}
          <span className="muted">{when}</span>
        </li>
      );
    case 'reply':
      return (
        <li>
          <strong>Reply sent: {entry.subject}</strong> by {entry.actor.name}{' '}
          <span className="muted">{when}</span>
          <details>
            <summary>Read the reply</summary>
            <p className="history__text">{entry.text}</p>
          </details>
        </li>
      );
  }
}
