/**
 * Shared pieces of the embed stories: `<cleanquote-wizard>` defined by the embed's real loader
 * (packages/quote-embed/src/loader.ts; Storybook points its chunk import at the chunk's source), the
 * API's answers for a partner page (MSW), drafts that open the element on a given step, and a way to
 * look inside its shadow root.
 */
import '../../packages/quote-embed/src/loader.ts';
import {
  emptyAnswers,
  QUOTE_DRAFT_VERSION,
  type QuoteAnswers,
  type SubmitQuoteOutput,
} from '@cleanquote/quote-core';
import { validAnswers } from '@cleanquote/quote-core/test-fixtures';
import type {} from '@cleanquote/quote-embed/types';
import { draftStorageKey } from '@cleanquote/quote-wizard';
import { delay, HttpResponse, http } from 'msw';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { waitFor, within } from 'storybook/test';
import { PARTNER_REFUSALS, type PartnerStatus } from '../../api/src/partners/partner-keys.ts';

/** The partner key of the demo partner: a support-coordination agency in Box Hill. */
export const PARTNER_KEY = 'eastside-support-coordination';

/** The element's id: it keeps this element's draft apart from any other on the page. */
const ELEMENT_ID = 'partner-quote';

/** A household on the partner's page, answering an end-of-lease clean with carpets. */
export const partnerVisitor: QuoteAnswers = validAnswers('end-of-lease+carpet', {
  name: 'Priya Raman',
  email: 'priya.raman@example.com',
  phone: '0491 570 156',
  address: '14 Station Street, Box Hill, VIC',
  howFoundUs: 'friend-recommendation',
  specialRequests: 'Bond inspection on Friday morning; the key is in the lockbox.',
});

/** The reference the business gives the partner visitor's quote. */
export const PARTNER_REFERENCE = 'CQ-7KX4M2QH';

const acknowledged = { reference: PARTNER_REFERENCE } satisfies SubmitQuoteOutput;

/** The API's answers a partner page meets. */
export const embedApi = {
  /** The business records the quote and answers with its reference. */
  accepts: http.post('/api/service-form', () => HttpResponse.json(acknowledged, { status: 201 })),
  /** The quote is on its way and no answer comes: the element stays on 'Submitting...'. */
  neverAnswers: http.post('/api/service-form', async () => {
    await delay('infinite');
    return HttpResponse.json(acknowledged, { status: 201 });
  }),
  /** No readable answer: the network failed, or the API refused the site without CORS headers. */
  unreachable: http.post('/api/service-form', () => HttpResponse.error()),
  /** The page may send quotes (so a failure was the network's). */
  accepting: http.get('/api/partner-status', () =>
    HttpResponse.json({ accepting: true } satisfies PartnerStatus),
  ),
  /** The page is not on the key's list of allowed sites. */
  originRefused: http.get('/api/partner-status', () =>
    HttpResponse.json({
      accepting: false,
      message: PARTNER_REFUSALS.originNotAllowed,
    } satisfies PartnerStatus),
  ),
  /** Staff switched the partner's site off. */
  switchedOff: http.get('/api/partner-status', () =>
    HttpResponse.json({
      accepting: false,
      message: PARTNER_REFUSALS.quotesSwitchedOff,
    } satisfies PartnerStatus),
  ),
};

/** Every stored draft of the wizard, removed: each story starts from its own. */
export function forgetDrafts(): void {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('cleanquote:quote-draft')) localStorage.removeItem(key);
  }
}

/** Stores a draft where the element with the story's id and the partner key finds it. */
function storeDraft(answers: Partial<QuoteAnswers>, stepIndex: number, partnerKey: string | undefined) {
  const draft = {
    version: QUOTE_DRAFT_VERSION,
    answers: { ...emptyAnswers(), ...answers },
    stepIndex,
    idempotencyKey: 'storybook-embed-key',
  };
  localStorage.setItem(`${draftStorageKey(partnerKey)}:${ELEMENT_ID}`, JSON.stringify(draft));
}

/** Props of {@link EmbedStory}. */
export interface EmbedStoryProps {
  /** The element's `service` attribute (a service-card slug or a service id). */
  readonly service?: string;
  /** The element's `suburb` attribute (a suburb slug). */
  readonly suburb?: string;
  /** The element's `partner-key` attribute. */
  readonly partnerKey?: string;
  /** The element's `theme` attribute. */
  readonly theme?: 'light' | 'dark' | 'auto';
  /** A draft the element restores (the visitor's answers so far) and its step. */
  readonly draft?: { readonly answers: Partial<QuoteAnswers>; readonly stepIndex: number };
  /** The partner's own styles: `--cq-*` custom properties on the element. */
  readonly style?: CSSProperties;
  /** A stylesheet of the partner's page (`cleanquote-wizard::part(…)` rules). */
  readonly pageCss?: string;
  /** The partner page's background around the element. */
  readonly background?: string;
  /** The partner's fallback content inside the element, shown until the wizard renders. */
  readonly children?: ReactNode;
}

/** The partner's fallback inside the element: what a visitor sees before the wizard renders. */
export const partnerFallback = (
  <p>
    Loading the quote form… or call <a href="tel:0355500123">(03) 5550 0123</a>.
  </p>
);

/** `<cleanquote-wizard>` on a partner's page, as the partner's HTML writes it. */
export function EmbedStory({
  service,
  suburb,
  partnerKey,
  theme,
  draft,
  style,
  pageCss,
  background,
  children = partnerFallback,
}: EmbedStoryProps) {
  // Before the element exists: it reads the draft once its wizard mounts.
  useState(() => {
    if (draft) storeDraft(draft.answers, draft.stepIndex, partnerKey);
  });
  return (
    <div style={{ background, padding: background ? '2rem' : undefined }}>
      {pageCss ? <style>{pageCss}</style> : null}
      <cleanquote-wizard
        id={ELEMENT_ID}
        service={service}
        suburb={suburb}
        partner-key={partnerKey}
        theme={theme}
        style={style}
      >
        {children}
      </cleanquote-wizard>
    </div>
  );
}

/** The story's element. */
export function embedIn(canvasElement: HTMLElement): HTMLElement {
  const element = canvasElement.querySelector('cleanquote-wizard');
  if (!element) throw new Error('the story has no <cleanquote-wizard>');
  return element;
}

/**
 * Queries inside the element's shadow root, once its wizard is on screen (the chunk is fetched when
 * the element first comes near the viewport, so the first story to show it waits longest).
 */
export async function shadowOf(canvasElement: HTMLElement) {
  const element = embedIn(canvasElement);
  const shadow = await waitFor(
    () => {
      const root = element.shadowRoot;
      if (!root?.querySelector('.cq-wizard[data-cq-ready="true"]')) throw new Error('not rendered yet');
      return root;
    },
    { timeout: 15_000 },
  );
  // Testing Library queries any node with querySelectorAll; a shadow root is such a node.
  return within(shadow as unknown as HTMLElement);
}
