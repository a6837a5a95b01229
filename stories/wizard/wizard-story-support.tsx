/**
 * Shared pieces of the wizard stories: answers per flow, drafts that open the wizard on a given step
 * (restored through the real draft path), and submit functions swapped in through the component's
 * `submitQuote` prop (which the wizard hands to `machine.provide`). No story touches the network.
 */
import { emptyAnswers, type QuoteAnswers, type StepId, stepsFor } from '@cleanquote/quote-core';
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

/** A flow of spec §2: a service and the branch that changes its steps. */
export type FlowName =
  | 'regular-clean'
  | 'deep-clean'
  | 'end-of-lease'
  | 'end-of-lease+carpet'
  | 'carpet-clean'
  | 'window-clean'
  | 'oven-clean'
  | 'ndis-aged-care'
  | 'ndis-aged-care+case-manager';

const tail: Partial<QuoteAnswers> = {
  urgency: 'this-week',
  name: 'Alex Citizen',
  phone: '0491 570 156',
  email: 'alex@example.com',
  address: '12 Station Street, Box Hill, VIC',
  termsAccepted: true,
  howFoundUs: 'web-search',
  specialRequests: 'Please use the side gate.',
};

const flowAnswers: Readonly<Record<FlowName, Partial<QuoteAnswers>>> = {
  'regular-clean': {
    serviceType: 'regular-clean',
    bedrooms: '3',
    bathrooms: '2',
    propertyType: 'house-single',
  },
  'deep-clean': { serviceType: 'deep-clean', bedrooms: '4', bathrooms: '2', propertyType: 'townhouse' },
  'end-of-lease': { serviceType: 'end-of-lease', bedrooms: '2', bathrooms: '1', carpetNeeded: 'no' },
  'end-of-lease+carpet': {
    serviceType: 'end-of-lease',
    bedrooms: '2',
    bathrooms: '1',
    carpetNeeded: 'yes',
    carpetAreas: ['bedrooms', 'living-rooms'],
    carpetRoomCounts: { bedrooms: 2, 'living-rooms': 1 },
  },
  'carpet-clean': {
    serviceType: 'carpet-clean',
    carpetAreas: ['bedrooms', 'hallways', 'staircases'],
    carpetRoomCounts: { bedrooms: 3, hallways: 1, staircases: 1 },
  },
  'window-clean': {
    serviceType: 'window-clean',
    windowPanels: 18,
    propertyType: 'both-sides',
    windowScope: ['tracks-and-sills', 'window-frames'],
  },
  'oven-clean': {
    serviceType: 'oven-clean',
    ovenType: '90cm-oven',
    ovenCondition: 'moderate-buildup',
    cleaningFocus: ['rangehood', 'oven-racks'],
  },
  'ndis-aged-care': { serviceType: 'ndis-aged-care', ndisClientType: 'self-managed' },
  'ndis-aged-care+case-manager': {
    serviceType: 'ndis-aged-care',
    ndisClientType: 'case-manager',
    caseManagerName: 'Sam Coordinator',
    caseManagerPhone: '03 5550 0123',
    caseManagerEmail: 'sam@support.example.org',
    caseManagerOrganization: 'Example Support Co',
  },
};

/** Complete, valid answers for a flow. */
export function answersFor(flow: FlowName): QuoteAnswers {
  return { ...emptyAnswers(), ...tail, ...flowAnswers[flow] };
}

/** The steps of a flow (spec §2). */
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
 * play function checks the wizard shows 'Step N of M' and that spec §2 puts `expectedStep` there.
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
