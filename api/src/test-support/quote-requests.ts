import { toSubmission } from '@cleanquote/quote-core';
import { type FlowName, validAnswers } from '@cleanquote/quote-core/test-fixtures';

/** The POST /api/service-form body the wizard sends for valid answers to `flow`. */
function body(flow: FlowName, overrides: Parameters<typeof validAnswers>[1] = {}) {
  return toSubmission(validAnswers(flow, overrides));
}

/**
 * Valid POST /api/service-form bodies, one per kind of flow, for tests and benchmarks that need a
 * quote request the shared schema accepts — built from quote-core's answers per flow, as the wizard
 * builds them.
 */
export const validQuoteRequests = {
  regularClean: body('regular-clean', {
    name: 'Priya Shah',
    email: 'priya@example.com',
    phone: '0491 570 158',
    address: '12 Chapel St, South Yarra, VIC',
    howFoundUs: 'friend-recommendation',
    specialRequests: 'Please bring a ladder.',
  }),
  endOfLeaseWithCarpet: body('end-of-lease+carpet'),
  windowClean: body('window-clean'),
  ovenClean: body('oven-clean'),
  ndisWithCaseManager: body('ndis-aged-care+case-manager'),
};
