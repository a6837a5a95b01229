import { renderCustomerQuotePage } from '../../api/src/priced-quotes/customer-quote-page.tsx';
import {
  type CustomerQuoteState,
  customerQuotes,
  quotePageToday,
  quotePageToken,
} from './customer-quote-page-fixtures.ts';

/*
 * Rendered in Node when Storybook builds (imported with '?server-rendered'): the customer's quote
 * page for each fixture, by the server's own function, called as its route calls it.
 */
const pages = Object.fromEntries(
  Object.entries(customerQuotes).map(([state, quote]) => [
    state,
    renderCustomerQuotePage({
      quote,
      token: quotePageToken,
      view: 'own',
      today: quotePageToday,
      gstRegistered: true,
    }),
  ]),
) as Record<CustomerQuoteState, string>;

export default pages;
