import { terms } from '@cleanquote/content';
import type { ServiceType } from '@cleanquote/quote-core';

/** The paragraphs of the terms section whose heading ends with `title` ('Payment'). */
function section(title: string): readonly string[] {
  const found = terms.sections.find((candidate) => candidate.heading.endsWith(title));
  // The site's terms are the one wording of these promises; a renamed section must not drop them.
  if (!found) throw new Error(`the terms have no section '${title}'`);
  return found.body;
}

/**
 * The terms a priced quote repeats, in the words of the site's Terms & Conditions: payment on
 * completion for every quote (with the plan- or case-manager invoicing for NDIS and aged care), and
 * the bond-back guarantee for end of lease cleans.
 */
export function quoteTerms(service: ServiceType): string[] {
  const [payment, managerInvoices] = section('Payment');
  return [
    ...(payment ? [payment] : []),
    ...(service === 'ndis-aged-care' && managerInvoices ? [managerInvoices] : []),
    ...(service === 'end-of-lease' ? section('Bond-Back Guarantee') : []),
  ];
}
