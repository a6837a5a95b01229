// @cleanquote/content: the site's typed configuration and copy. Dependency-free, so the site, the
// API and the tests all read the same facts.
export { business } from './business.ts';
export { faq } from './faq.ts';
export { galleryItems } from './gallery.ts';
export { suburbWhyChoose, teamValues, teamWhyChoose, whyChooseUs } from './highlights.ts';
export {
  DEFAULT_TEST_SUBJECT,
  MAIL_PROVIDERS,
  type MailProvider,
  PROVIDER_PRESETS,
  SMTP_SECURITY,
  type SmtpSecurity,
  type SmtpServer,
} from './mail-providers.ts';
export { privacy } from './privacy.ts';
export { adminScreenPaths, isReservedPath, type ReservedPath, reservedPaths } from './reserved-paths.ts';
export { serviceSlug, services, suburbServices } from './services.ts';
export { findSuburb, suburbSlug, suburbSlugs, suburbs } from './suburbs.ts';
export { customerService, findRecipient, team } from './team.ts';
export { terms } from './terms.ts';
export type {
  BusinessInfo,
  FaqEntry,
  GalleryItem,
  Highlight,
  PolicyDocument,
  PolicySection,
  Recipient,
  ServiceCard,
  Suburb,
  SuburbRegion,
  TeamMember,
} from './types.ts';
export {
  dayName,
  hourLabel,
  WEEK_DAYS,
  weeklySlotInWords,
  XERO_MESSAGES,
  XERO_REPORT_NAMES,
  XERO_REPORT_TYPES,
  type XeroReportType,
} from './xero-reports.ts';
