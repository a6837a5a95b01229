import { XERO_MESSAGES, XERO_REPORT_TYPES } from '@cleanquote/content';
import { z } from 'zod';
import { emailAddress } from './text-fields.ts';

const {
  testReportMissing: TEST_REPORT_REQUIRED,
  scheduleTenantMissing: SCHEDULE_TENANT_REQUIRED,
  scheduleContentMissing: SCHEDULE_CONTENT_REQUIRED,
} = XERO_MESSAGES;

/** POST /api/xero/test-reports: the organisation to report on and the address to send it to. */
export const xeroTestReport = z.object({
  tenantId: z.string({ error: TEST_REPORT_REQUIRED }).trim().min(1, TEST_REPORT_REQUIRED).max(100),
  email: emailAddress,
});
/** A test report request as a form or client sends it. */
export type XeroTestReportInput = z.input<typeof xeroTestReport>;
/** A test report request as the API reads it. */
export type XeroTestReport = z.output<typeof xeroTestReport>;

/**
 * The summary a rejected test report answers with: either field missing is the form's own sentence.
 * @param fields - the bad fields ({@link fieldErrors}).
 */
export function xeroTestReportSummary(fields: Record<string, string>): string | undefined {
  return fields.tenantId || fields.email === 'Please enter your email address'
    ? TEST_REPORT_REQUIRED
    : undefined;
}

/**
 * POST /api/xero/schedule: a weekly report. dayOfWeek and hour are text: '0'–'6' (Sunday first) and
 * '0'–'23', read as numbers; recipients are kept once whatever their case, report types once each.
 */
export const xeroSchedule = z.object({
  tenantId: z.string({ error: SCHEDULE_TENANT_REQUIRED }).trim().min(1, SCHEDULE_TENANT_REQUIRED).max(100),
  dayOfWeek: z
    .string({ error: 'dayOfWeek must be a day from "0" (Sunday) to "6" (Saturday)' })
    .regex(/^[0-6]$/, 'dayOfWeek must be a day from "0" (Sunday) to "6" (Saturday)')
    .transform(Number),
  hour: z
    .string({ error: 'hour must be an hour from "0" to "23"' })
    .regex(/^(?:1?\d|2[0-3])$/, 'hour must be an hour from "0" to "23"')
    .transform(Number),
  emailRecipients: z
    .array(emailAddress, { error: SCHEDULE_CONTENT_REQUIRED })
    .min(1, SCHEDULE_CONTENT_REQUIRED)
    .max(20, 'At most 20 recipients')
    .transform((addresses) =>
      addresses.filter(
        (address, index) =>
          addresses.findIndex((other) => other.toLowerCase() === address.toLowerCase()) === index,
      ),
    ),
  reportTypes: z
    .array(z.enum(XERO_REPORT_TYPES, { error: `reportTypes are ${XERO_REPORT_TYPES.join(', ')}` }), {
      error: SCHEDULE_CONTENT_REQUIRED,
    })
    .min(1, SCHEDULE_CONTENT_REQUIRED)
    .transform((types) => [...new Set(types)]),
});
/** A weekly schedule as a form or client sends it. */
export type XeroScheduleInput = z.input<typeof xeroSchedule>;
/** A weekly schedule as the API reads it (day and hour as numbers). */
export type XeroSchedule = z.output<typeof xeroSchedule>;

/**
 * The summary a rejected schedule answers with: a missing organisation, or missing recipients or
 * report types, is the form's own sentence.
 * @param fields - the bad fields ({@link fieldErrors}).
 */
export function xeroScheduleSummary(fields: Record<string, string>): string | undefined {
  return fields.tenantId
    ? SCHEDULE_TENANT_REQUIRED
    : fields.emailRecipients || fields.reportTypes
      ? SCHEDULE_CONTENT_REQUIRED
      : undefined;
}
