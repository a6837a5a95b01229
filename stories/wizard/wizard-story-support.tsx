/**
 * Shared pieces of the wizard stories: answers per flow, drafts that open the wizard on a given step
 * (restored through the real draft path), and submit functions swapped in through the component's
 * `submitQuote` prop (which the wizard hands to `machine.provide`). No story touches the network.
 */
import { emptyAnswers, type QuoteAnswers, type StepId, stepsFor } from '@cleanquote/quote-core';
import { type FlowName, validAnswers } from '@cleanquote/quote-core/test-fixtures';
import {
  createFetchSubmitQuote,
  createMemoryDraftStorage,
  draftStorageKey,
  QuoteWizard,
  type QuoteWizardProps,
  type SubmitQuoteFunction,
} from '@cleanquote/quote-wizard';
import '@cleanquote/quote-wizard/style.css';
import { useState } from 'react';
import { expect } from 'storybook/test';

/** Complete, valid answers for a flow, with the optional final details filled in too. */
export function answersFor(flow: FlowName): QuoteAnswers {
  return validAnswers(flow, { howFoundUs: 'web-search', specialRequests: 'Please use the side gate.' });
}

/** The steps of a flow. */
export function stepsOf(flow: FlowName): StepId[] {
  return stepsFor(answersFor(flow));
}

/** A storage holding a draft: the wizard restores it right after mounting. */
function storageWithDraft(answers: Partial<QuoteAnswers> | undefined, stepIndex: number) {
  if (!answers) return createMemoryDraftStorage();
  const draft = {
    version: 1,
    answers: { ...emptyAnswers(), ...answers },
    stepIndex,
    idempotencyKey: 'storybook-demo-key',
  };
  return createMemoryDraftStorage({ [draftStorageKey()]: JSON.stringify(draft) });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Submit functions for stories: none of them reaches a server. */
export const submits = {
  /** The server acknowledges after a short wait. */
  succeeds: (async () => {
    await wait(600);
    return { reference: 'CQ-DEMO2345' };
  }) satisfies SubmitQuoteFunction,
  /** The request never finishes: the wizard stays on 'Submitting...'. */
  neverResolves: (() => new Promise<never>(() => {})) satisfies SubmitQuoteFunction,
  /** The real fetch submitter against a fake server that fails once with HTTP 500, then succeeds. */
  serverErrorOnce: (): SubmitQuoteFunction => {
    let failures = 1;
    return createFetchSubmitQuote({
      fetch: async () => {
        await wait(400);
        if (failures > 0) {
          failures -= 1;
          return Response.json({ error: 'Internal error' }, { status: 500 });
        }
        return Response.json({ reference: 'CQ-RETRY234' }, { status: 201 });
      },
    });
  },
  /** The real fetch submitter in a browser that reports being offline. */
  offline: createFetchSubmitQuote({ isOnline: () => false }),
};

/** Props of {@link WizardStory}. */
export interface WizardStoryProps extends Omit<QuoteWizardProps, 'storage'> {
  /** Answers of a stored draft to restore. */
  readonly draft?: Partial<QuoteAnswers>;
  /** Step of the stored draft (the wizard never lands past a step that does not pass). */
  readonly stepIndex?: number;
  /** Page background, to show the wizard on light and dark host pages. */
  readonly background?: string;
}

/** The wizard as a story shows it: a fresh in-memory draft storage per story. */
export function WizardStory({ draft, stepIndex = 0, background, submitQuote, ...props }: WizardStoryProps) {
  const [storage] = useState(() => storageWithDraft(draft, stepIndex));
  const wizard = <QuoteWizard {...props} storage={storage} submitQuote={submitQuote ?? submits.succeeds} />;
  return background ? <div style={{ background, padding: '2rem' }}>{wizard}</div> : wizard;
}

/**
 * A story showing `flow` on its step number `index` (0-based), with the flow's answers filled in. Its
 * play function checks the wizard shows 'Step N of M' and that the flow's step plan (service type
 * first; timing, contact info, terms and final details last) puts `expectedStep` there.
 */
export function flowStep(flow: FlowName, index: number, expectedStep: StepId) {
  const steps = stepsOf(flow);
  return {
    render: () => <WizardStory draft={answersFor(flow)} stepIndex={index} />,
    play: async ({ canvas }: { canvas: { findByText(text: string): Promise<HTMLElement> } }) => {
      await expect(await canvas.findByText(`Step ${index + 1} of ${steps.length}`)).toBeVisible();
      await expect(steps[index]).toBe(expectedStep);
    },
  };
}
