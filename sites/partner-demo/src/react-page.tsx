/**
 * A partner's React 19 page using `<cleanquote-wizard>` with typed props: the attributes, and the
 * element's events as `oncq-…` props (React 19 adds a listener for each). The types come from
 * @cleanquote/quote-embed/types; the element itself from the script tag in react.html.
 */
import type { CqStepChangeDetail } from '@cleanquote/quote-embed/types';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

const config = JSON.parse(document.getElementById('demo-config')?.textContent ?? '{}') as {
  partnerKey?: string;
};

function WindowCleaningQuote() {
  const [step, setStep] = useState<CqStepChangeDetail | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  return (
    <main>
      <h1>Harbour Realty</h1>
      <p>Moving out? Book the window clean for your final inspection.</p>
      <cleanquote-wizard
        service="window-cleaning"
        partner-key={config.partnerKey}
        theme="light"
        oncq-step-change={(event) => setStep(event.detail)}
        oncq-submitted={(event) => setReference(event.detail.reference)}
      />
      <p role="status" id="quote-status">
        {reference
          ? `Harbour Realty received quote ${reference}.`
          : step
            ? `Quote form: step ${step.stepIndex + 1} of ${step.stepCount} (${step.stepId})`
            : 'Quote form loading'}
      </p>
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <WindowCleaningQuote />
    </StrictMode>,
  );
}
