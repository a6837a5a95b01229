/**
 * @cleanquote/quote-core/staff — the admin area's contract: the zod schemas of every staff request
 * (the API validates with them and the admin forms check with them, so both say the same words), the
 * text field rules they are built from, and the lists they name (quote statuses, lost reasons, mail
 * statuses). Browser-safe: zod, content and quote-core's text rules only.
 *
 * A subpath of its own, never re-exported from the main entry: the wizard and the embed stay free of it.
 *
 * @packageDocumentation
 */

export { type AnalyticsReportQueryInput, analyticsReportQuery } from './analytics-report.ts';
export {
  type DashboardUnlock,
  type DashboardUnlockInput,
  dashboardUnlock,
} from './dashboard-unlock.ts';
export { fieldErrors } from './field-errors.ts';
export {
  type ClientTestEmail,
  type ClientTestEmailInput,
  clientTestEmail,
  type DirectEmail,
  type DirectEmailInput,
  directEmail,
  MAIL_STATUSES,
  type MailListQuery,
  type MailListQueryInput,
  type MailStatus,
  mailListQuery,
  type StoredMailStatus,
} from './mail-tools.ts';
export {
  centsToDecimal,
  centsToDollarsText,
  formatAud,
  gstIncluded,
  MAX_AMOUNT_CENTS,
  parseDollars,
} from './money.ts';
export {
  MAX_WEBHOOK_URL,
  type PartnerWebhook,
  type PartnerWebhookInput,
  partnerWebhook,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  webhookUrl,
} from './partner-webhooks.ts';
export {
  type NewPartner,
  type NewPartnerInput,
  newPartner,
  PARTNER_KEY_PATTERN,
  type PartnerChange,
  type PartnerChangeInput,
  partnerChange,
  partnerOrigin,
} from './partners.ts';
export {
  type BasePrice,
  type BaseTime,
  type CarpetPrices,
  DEFAULT_PRICE_LIST,
  type DurationItem,
  durationItems,
  type PriceItem,
  type PriceList,
  type PriceListInput,
  priceItems,
  priceLabel,
  priceList,
  type RoomPrices,
  type RoomTimes,
  type VisitDurations,
  visitDurations,
  withPrices,
} from './price-list.ts';
export {
  AWAITING_CUSTOMER_STATUSES,
  DURATION_MINUTES_MESSAGE,
  MAX_CHANGE_REQUEST,
  MAX_LINE_DESCRIPTION,
  MAX_LINE_QUANTITY,
  MAX_QUOTE_LINES,
  MAX_QUOTE_NOTE,
  PRICED_QUOTE_STATUS_LABELS,
  PRICED_QUOTE_STATUSES,
  type PricedLine,
  type PricedQuoteStatus,
  QUOTE_REMINDER_DAYS_BEFORE,
  QUOTE_VALID_DAYS,
  type QuoteDraft,
  type QuoteDraftInput,
  type QuoteLine,
  type QuoteTotals,
  quoteDraft,
  quoteLines,
  quoteLinesFor,
  quoteTotals,
} from './priced-quote.ts';
export {
  type CollectEvent,
  type CollectEventInput,
  collectEvent,
  FUNNEL_EVENTS,
  FUNNEL_STEPS,
  type FunnelEvent,
  type NewsletterSignup,
  type NewsletterSignupInput,
  newsletterSignup,
  type PartnerStatusQueryInput,
  partnerStatusQuery,
  type SignIn,
  type SignInInput,
  signIn,
  type TeamContact,
  type TeamContactInput,
  teamContact,
} from './public-requests.ts';
export {
  LOST_REASONS,
  type LostReason,
  QUOTE_STATUSES,
  type QuoteNote,
  type QuoteNoteInput,
  type QuoteReply,
  type QuoteReplyInput,
  type QuoteStatus,
  type QuoteStatusChange,
  type QuoteStatusChangeInput,
  quoteNote,
  quoteReply,
  quoteStatusChange,
} from './quote-pipeline.ts';
export {
  INBOX_PAGE_LIMIT,
  isCalendarDay,
  type QuoteListQuery,
  type QuoteListQueryInput,
  quoteListQuery,
} from './quote-request-filters.ts';
export {
  DEFAULT_SCHEDULE_SETTINGS,
  MAX_CLOSED_DATES,
  MAX_TEAM_NAME,
  MAX_TEAMS,
  SCHEDULE_NUMBER_FIELDS,
  SCHEDULE_NUMBERS,
  type ScheduleNumberField,
  type ScheduleSettings,
  type ScheduleSettingsInput,
  type ScheduleSettingsUpdate,
  type ScheduleTeam,
  scheduleSettingLabel,
  scheduleSettings,
  scheduleTeam,
  TIME_PATTERN,
  WEEKDAY_KEYS,
  WEEKDAY_NAMES,
  WEEKDAYS_MONDAY_FIRST,
  type WeekdayKey,
  type WorkingHours,
} from './schedule-settings.ts';
export {
  emailAddress,
  isPlainAddress,
  optionalText,
  requiredText,
  type TextFieldOptions,
} from './text-fields.ts';
export {
  type DurationAnswers,
  durationText,
  estimateDurationMinutes,
  MAX_VISIT_MINUTES,
  MIN_VISIT_MINUTES,
  roomCount,
  VISIT_MINUTES_STEP,
} from './visit-duration.ts';
export {
  MAX_SCHEDULE_SPAN_DAYS,
  QUOTE_FREQUENCIES,
  type QuoteFrequency,
  type ScheduleQuery,
  type ScheduleQueryInput,
  type SeriesFrequency,
  scheduleQuery,
  VISIT_KINDS,
  VISIT_STATUSES,
  type VisitBooking,
  type VisitChange,
  type VisitKind,
  type VisitStatus,
  visitBooking,
  visitChange,
} from './visits.ts';
export {
  type XeroSchedule,
  type XeroScheduleInput,
  type XeroTestReport,
  type XeroTestReportInput,
  xeroSchedule,
  xeroScheduleSummary,
  xeroTestReport,
  xeroTestReportSummary,
} from './xero-reports.ts';
export {
  DEFAULT_XERO_ACCOUNT_CODE,
  defaultXeroTaxType,
  scopesAllowWriting,
  XERO_ACCOUNT_CODE_MESSAGE,
  XERO_QUOTE_SYNC_STATES,
  XERO_TAX_TYPE_LABELS,
  XERO_TAX_TYPES,
  XERO_WRITE_SCOPES,
  type XeroQuoteSyncState,
  type XeroSyncSettings,
  type XeroSyncSettingsInput,
  type XeroTaxType,
  xeroSyncSettings,
} from './xero-sync.ts';
