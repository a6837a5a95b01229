/**
 * Valid answers per flow: the one set for this package's tests, the API's test bodies and the
 * Storybook flows (`@cleanquote/quote-core/test-fixtures`; not part of the package's main entry).
 */
import { emptyAnswers, type QuoteAnswers } from './quote-answers.ts';
import type { ServiceType } from './quote-options.ts';

/** A flow of the wizard: a service, with the branch that changes its steps. */
export type FlowName = ServiceType | 'end-of-lease+carpet' | 'ndis-aged-care+case-manager';

/** Every flow a test should cover. */
export const FLOW_NAMES: readonly FlowName[] = [
  'regular-clean',
  'deep-clean',
  'end-of-lease',
  'end-of-lease+carpet',
  'carpet-clean',
  'window-clean',
  'oven-clean',
  'ndis-aged-care',
  'ndis-aged-care+case-manager',
];

/** Each service's step sequence, written out by hand so tests do not check stepsFor against itself. */
export const SPEC_SEQUENCES: Readonly<Record<FlowName, readonly string[]>> = {
  'regular-clean': [
    'service-type',
    'property-size',
    'timing',
    'contact-info',
    'terms-agreement',
    'final-details',
  ],
  'deep-clean': [
    'service-type',
    'property-size',
    'timing',
    'contact-info',
    'terms-agreement',
    'final-details',
  ],
  'end-of-lease': [
    'service-type',
    'property-size',
    'carpet-question',
    'timing',
    'contact-info',
    'terms-agreement',
    'final-details',
  ],
  'end-of-lease+carpet': [
    'service-type',
    'property-size',
    'carpet-question',
    'carpet-areas',
    'timing',
    'contact-info',
    'terms-agreement',
    'final-details',
  ],
  'carpet-clean': [
    'service-type',
    'standalone-carpet-areas',
    'timing',
    'contact-info',
    'terms-agreement',
    'final-details',
  ],
  'window-clean': [
    'service-type',
    'window-details',
    'timing',
    'contact-info',
    'terms-agreement',
    'final-details',
  ],
  'oven-clean': [
    'service-type',
    'oven-details',
    'timing',
    'contact-info',
    'terms-agreement',
    'final-details',
  ],
  'ndis-aged-care': [
    'service-type',
    'ndis-client-details',
    'timing',
    'contact-info',
    'terms-agreement',
    'final-details',
  ],
  'ndis-aged-care+case-manager': [
    'service-type',
    'ndis-client-details',
    'timing',
    'contact-info',
    'terms-agreement',
    'final-details',
  ],
};

const contact: Partial<QuoteAnswers> = {
  urgency: 'this-week',
  name: 'Alex Citizen',
  email: 'alex@example.com',
  phone: '0491 570 156',
  address: '1 Example Street, Box Hill, VIC',
  termsAccepted: true,
};

const flowAnswers: Readonly<Record<FlowName, Partial<QuoteAnswers>>> = {
  'regular-clean': {
    serviceType: 'regular-clean',
    bedrooms: '3',
    bathrooms: '2',
    propertyType: 'house-single',
  },
  'deep-clean': { serviceType: 'deep-clean', bedrooms: '5+', bathrooms: '4+' },
  'end-of-lease': { serviceType: 'end-of-lease', bedrooms: '2', bathrooms: '1', carpetNeeded: 'no' },
  'end-of-lease+carpet': {
    serviceType: 'end-of-lease',
    bedrooms: '2',
    bathrooms: '1',
    carpetNeeded: 'yes',
    carpetAreas: ['bedrooms', 'hallways'],
    carpetRoomCounts: { bedrooms: 2, hallways: 1 },
  },
  'carpet-clean': {
    serviceType: 'carpet-clean',
    carpetAreas: ['living-rooms'],
    carpetRoomCounts: { 'living-rooms': 1 },
  },
  'window-clean': {
    serviceType: 'window-clean',
    windowPanels: 12,
    propertyType: 'both-sides',
    windowScope: ['window-frames'],
  },
  'oven-clean': {
    serviceType: 'oven-clean',
    ovenType: '90cm-oven',
    ovenCondition: 'heavy-buildup',
    cleaningFocus: ['rangehood'],
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

/** Answers that pass every step of `flow`, optionally overridden. */
export function validAnswers(flow: FlowName, overrides: Partial<QuoteAnswers> = {}): QuoteAnswers {
  return { ...emptyAnswers(), ...contact, ...flowAnswers[flow], ...overrides };
}
