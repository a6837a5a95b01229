import { useSignals } from '@preact/signals-react/runtime';
import { Toast } from 'radix-ui';
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, toasts } from '../state/site-state.ts';

/**
 * The site's toasts on Radix Toast: one at a time, 5 s each, swipe right to dismiss, F8 moves
 * focus to the notifications region. The queue itself lives in the site state.
 */
export function SiteToaster() {
  useSignals();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.value.map((toast) => (
        <Toast.Root
          key={toast.id}
          className={`toast toast--${toast.variant}`}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
          // Failures interrupt (assertive); confirmations wait their turn (polite).
          type={toast.variant === 'destructive' ? 'foreground' : 'background'}
        >
          <Toast.Title className="toast__title">{toast.title}</Toast.Title>
          <Toast.Description className="toast__description">{toast.description}</Toast.Description>
          <Toast.Close className="toast__close" aria-label="Close">
            <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" focusable="false">
              <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
