import { AWAITING_CUSTOMER_STATUSES, type PricedQuoteStatus } from '@cleanquote/quote-core/staff';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

// Written out for the correlated subqueries, where drizzle would leave the outer table unnamed.
const requestId = sql.raw(`"quote_requests"."id"`);

/**
 * The status of a quote request's latest priced-quote version (null without a quote), as a column of
 * a query on quote_requests: one seek in the (quote_id, version) index per request.
 */
export const latestQuoteStatus: SQL<PricedQuoteStatus | null> = sql<PricedQuoteStatus | null>`(select "status" from "priced_quotes" where "quote_id" = ${requestId} order by "version" desc limit 1)`;

const awaitingStatuses = sql.join(
  AWAITING_CUSTOMER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * Latest versions that wait for the customer's answer (sent or viewed), as rows `"waiting"`: found
 * through the status index, each checked to have no later version (a newer draft means staff are
 * changing the quote). Their number is the number of quotes out with customers, whatever the size
 * of the tables.
 */
const awaitingVersions = sql`"priced_quotes" as "waiting" where "waiting"."status" in (${awaitingStatuses}) and not exists (select 1 from "priced_quotes" as "later" where "later"."quote_id" = "waiting"."quote_id" and "later"."version" > "waiting"."version")`;

/** The inbox's 'awaiting the customer' filter, a condition on quote_requests. */
export const awaitingCustomer: SQL = sql`${requestId} in (select "waiting"."quote_id" from ${awaitingVersions})`;

/** How many quote requests' latest version waits for the customer's answer. */
export async function countAwaitingAnswer(db: Db): Promise<number> {
  const [row] = await db.all<{ count: number }>(sql`select count(*) as "count" from ${awaitingVersions}`);
  return row?.count ?? 0;
}
