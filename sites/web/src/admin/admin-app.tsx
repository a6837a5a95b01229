import './admin.css';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type AdminScreen, adminScreen } from '../admin-screens.ts';
import { SiteToaster } from '../ui/site-toaster.tsx';
import { AccessRequired } from './access-required.tsx';
import { AdminLoading } from './admin-area.tsx';
import { AdminFrame } from './admin-frame.tsx';
import { adminScreenComponents } from './admin-screen-components.ts';
import { staffQueryClient } from './lib/query-client.ts';
import { QuoteDataGate } from './lib/quote-data-gate.tsx';
import { sessionQuery } from './lib/session.ts';

export type { AdminScreenProps } from './admin-screen-components.ts';

/** Props of {@link AdminApp}. */
export interface AdminAppProps {
  screen: AdminScreen;
}

/**
 * The admin area (the admin chunk's entry): the page's query client around the screen, so every
 * screen reads the server through TanStack Query and one error handler.
 */
export function AdminApp({ screen }: AdminAppProps) {
  return (
    <QueryClientProvider client={staffQueryClient()}>
      <AdminShell screen={screen} />
      <SiteToaster />
    </QueryClientProvider>
  );
}

/**
 * Asks the server who is signed in, shows 'Loading' until it knows, then the signed-out 'Access
 * Required' card or the screen in the admin frame. Any call answering 401 later signs the page out.
 */
function AdminShell({ screen }: AdminAppProps) {
  const session = useQuery(sessionQuery);
  const Screen = adminScreenComponents[screen];
  const { needsQuoteUnlock, title } = adminScreen(screen);
  if (session.isPending) return <AdminLoading />;
  if (session.isError) {
    return (
      <AdminFrame screen={screen}>
        <section className="card" role="alert">
          <h1>The admin area could not be opened</h1>
          <p>{session.error.message || 'The session could not be checked.'}</p>
          <button type="button" className="button" onClick={() => void session.refetch()}>
            Try again
          </button>
        </section>
      </AdminFrame>
    );
  }
  if (!session.data) {
    return (
      <AdminFrame screen={screen}>
        <AccessRequired screen={screen} />
      </AdminFrame>
    );
  }
  return (
    <AdminFrame screen={screen} user={session.data}>
      {needsQuoteUnlock ? (
        <QuoteDataGate opens={needsQuoteUnlock.opens} heading={title}>
          <Screen user={session.data} />
        </QuoteDataGate>
      ) : (
        <Screen user={session.data} />
      )}
    </AdminFrame>
  );
}
