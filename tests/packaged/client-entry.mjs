// Copied into the scratch app and bundled there with Vite: hydrates the server-rendered wizard from
// the installed tarball, importing its stylesheet the way the README tells hosts to.
import { QuoteWizard } from '@cleanquote/quote-wizard';
import '@cleanquote/quote-wizard/style.css';
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Must match the props the server render used (tests/packaged/packaged-app.ts). */
const props = {
  service: 'oven-clean',
  suburb: 'box-hill',
  headingLevel: 1,
  storage: null,
  submitQuote: async () => ({ reference: 'CQ-PACKED23' }),
  onSubmitted: (result) => {
    window.submittedQuote = result;
  },
};

window.hydrationErrors = [];
const root = document.getElementById('root');
if (root) {
  hydrateRoot(root, createElement(QuoteWizard, props), {
    onRecoverableError: (error) => window.hydrationErrors.push(String(error)),
  });
}
