/**
 * What a route test reads to see what a request stored: the tables and drizzle's operators, in one
 * module. Route code itself never touches the database (it validates, calls the domain and answers),
 * and lint forbids drizzle and the schema in every file under api/src/routes; tests there reach the
 * rows through this door instead.
 */
export { and, count, desc, eq, sql } from 'drizzle-orm';
export * from '../db/schema.ts';
