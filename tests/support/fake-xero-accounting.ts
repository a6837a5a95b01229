import { randomUUID } from 'node:crypto';

/**
 * The fake Xero's books: the contacts, quotes and invoices of each organisation, written and read
 * through the accounting API (api.xro/2.0) the way Xero does it: PascalCase JSON, lists wrapped in
 * `{ Contacts: [...] }`, a POST item carrying its ID updates, totals computed from the lines, and
 * Xero's ValidationException (400) for what Xero refuses. fake-xero.ts authorises a call (token,
 * tenant, scopes) and replays idempotent ones; this file only keeps and checks the records.
 *
 * Simplifications: a batch with any invalid item writes nothing (Xero may keep the valid ones); a
 * quote or invoice names its contact by ContactID only; the only `where` understood is
 * `EmailAddress=="…"` on Contacts.
 */

/** The accounting endpoints the fake serves. */
export type AccountingResource = 'Contacts' | 'Quotes' | 'Invoices';

/** A status and a JSON body, for fake-xero.ts to send. */
export interface AccountingAnswer {
  status: number;
  body: unknown;
}

/** The accounting scopes a connection may ask for, besides the report ones. */
export const ACCOUNTING_SCOPES = [
  'accounting.transactions',
  'accounting.transactions.read',
  'accounting.contacts',
  'accounting.contacts.read',
] as const;

const READ_SCOPES: Record<AccountingResource, readonly string[]> = {
  Contacts: ['accounting.contacts', 'accounting.contacts.read'],
  Quotes: ['accounting.transactions', 'accounting.transactions.read'],
  Invoices: ['accounting.transactions', 'accounting.transactions.read'],
};

/** Writing a quote or invoice also touches its contact, so every write asks for both. */
const WRITE_SCOPES = ['accounting.transactions', 'accounting.contacts'];

/** Whether a grant's scopes allow reading (GET) or writing (POST/PUT) `resource`. */
export function accountingScopeAllows(
  resource: AccountingResource,
  write: boolean,
  granted: readonly string[],
): boolean {
  return write
    ? WRITE_SCOPES.every((scope) => granted.includes(scope))
    : READ_SCOPES[resource].some((scope) => granted.includes(scope));
}

/** Xero API's problem body ({ Type, Title, Status, Detail }), for 401, 403, 404 and the like. */
export function problemBody(status: number, title: string, detail: string) {
  return { Type: null, Title: title, Status: status, Detail: detail, Instance: randomUUID(), Extensions: {} };
}

/** A request body as JSON: `{ value }`, or undefined when it is not JSON. */
export function parseJsonBody(raw: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(raw) as unknown };
  } catch {
    return undefined;
  }
}

/** A contact as Xero's API returns it (what the fake keeps of it). */
export interface FakeXeroContact {
  ContactID: string;
  ContactStatus: 'ACTIVE' | 'ARCHIVED';
  Name: string;
  FirstName?: string;
  LastName?: string;
  EmailAddress: string;
  /** Every address type Xero lists (POBOX, STREET), empty when not given. */
  Addresses: Record<string, string>[];
  /** Every phone type Xero lists (DEFAULT, DDI, FAX, MOBILE), empty when not given. */
  Phones: Record<string, string>[];
  UpdatedDateUTC: string;
  ContactGroups: never[];
  IsSupplier: boolean;
  IsCustomer: boolean;
  ContactPersons: never[];
  HasAttachments: boolean;
  HasValidationErrors: boolean;
}

/** A line of a quote or invoice as Xero returns it; amounts in dollars. */
export interface FakeXeroLineItem {
  LineItemID: string;
  Description: string;
  Quantity: number;
  UnitAmount: number;
  ItemCode?: string;
  AccountCode?: string;
  TaxType: string;
  TaxAmount: number;
  LineAmount: number;
  Tracking: never[];
}

/** What quotes and invoices share; dates as Xero's /Date(ms+0000)/ and 'YYYY-MM-DDT00:00:00'. */
interface FakeXeroDocument {
  Reference: string;
  Contact: FakeXeroContact | { ContactID: string };
  LineItems: FakeXeroLineItem[];
  Date?: string;
  DateString?: string;
  Status: string;
  LineAmountTypes: 'Exclusive' | 'Inclusive' | 'NoTax';
  SubTotal: number;
  TotalTax: number;
  Total: number;
  CurrencyRate: number;
  CurrencyCode: string;
  UpdatedDateUTC: string;
}

/** A quote as Xero's API returns it. */
export interface FakeXeroQuote extends FakeXeroDocument {
  QuoteID: string;
  QuoteNumber: string;
  Title?: string;
  Summary?: string;
  Terms?: string;
  ExpiryDate?: string;
  ExpiryDateString?: string;
  TotalDiscount: number;
}

/** An invoice as Xero's API returns it. */
export interface FakeXeroInvoice extends FakeXeroDocument {
  Type: string | undefined;
  InvoiceID: string;
  InvoiceNumber: string;
  DueDate?: string;
  DueDateString?: string;
  AmountDue: number;
  AmountPaid: number;
  AmountCredited: number;
  Payments: never[];
  CreditNotes: never[];
  Prepayments: never[];
  Overpayments: never[];
  SentToContact: boolean;
  IsDiscounted: boolean;
  HasAttachments: boolean;
  HasErrors: boolean;
}

type Item = Record<string, unknown>;

const PHONE_TYPES = ['DEFAULT', 'DDI', 'FAX', 'MOBILE'] as const;
const ADDRESS_TYPES = ['POBOX', 'STREET', 'DELIVERY'] as const;
const ADDRESS_FIELDS = [
  'AddressLine1',
  'AddressLine2',
  'AddressLine3',
  'AddressLine4',
  'City',
  'Region',
  'PostalCode',
  'Country',
  'AttentionTo',
] as const;
const QUOTE_STATUSES = ['DRAFT', 'SENT', 'ACCEPTED', 'DECLINED', 'INVOICED', 'DELETED'];
const INVOICE_STATUSES = ['DRAFT', 'SUBMITTED', 'AUTHORISED', 'DELETED', 'VOIDED'];
const LINE_AMOUNT_TYPES = ['Exclusive', 'Inclusive', 'NoTax'] as const;
type LineAmountTypes = (typeof LINE_AMOUNT_TYPES)[number];

/** An Australian organisation's tax types and their rates (GST 10%). */
const TAX_RATES: Record<string, number> = {
  OUTPUT: 0.1,
  INPUT: 0.1,
  CAPEXINPUT: 0.1,
  EXEMPTOUTPUT: 0,
  EXEMPTINPUT: 0,
  EXEMPTEXPENSES: 0,
  EXEMPTCAPITAL: 0,
  EXEMPTEXPORT: 0,
  BASEXCLUDED: 0,
  GSTONIMPORTS: 0,
  GSTONCAPIMPORTS: 0,
  INPUTTAXED: 0,
  NONE: 0,
};

interface StoredContact {
  ContactID: string;
  ContactStatus: 'ACTIVE' | 'ARCHIVED';
  Name: string;
  FirstName?: string;
  LastName?: string;
  EmailAddress?: string;
  Phones: Record<string, string>[];
  Addresses: Record<string, string>[];
  updatedAt: number;
}

interface StoredLine {
  LineItemID: string;
  Description: string;
  Quantity: number;
  UnitAmount: number;
  ItemCode?: string;
  AccountCode?: string;
  TaxType: string;
  lineCents: number;
  taxCents: number;
}

/** A quote or an invoice: the same lines and totals, different names for their fields. */
interface StoredDocument {
  id: string;
  number: string;
  /** Invoices only: ACCREC (sales) or ACCPAY (bills). */
  type?: string;
  contactId: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** The quote's ExpiryDate or the invoice's DueDate. */
  until?: string;
  reference: string;
  title?: string;
  summary?: string;
  terms?: string;
  status: string;
  lineAmountTypes: LineAmountTypes;
  lines: StoredLine[];
  updatedAt: number;
}

interface Ledger {
  contacts: StoredContact[];
  quotes: StoredDocument[];
  invoices: StoredDocument[];
  quoteCount: number;
  invoiceCount: number;
}

/** The whole request is unreadable (Xero's PostDataInvalidException): nothing is written. */
class PostDataInvalid extends Error {}

const isItem = (value: unknown): value is Item =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A number Xero accepts: a JSON number or a numeric string. */
function amount(item: Item, field: string): number | undefined {
  const value = item[field];
  if (value === undefined || value === null) return undefined;
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isFinite(parsed)) {
    throw new PostDataInvalid(`The value '${String(value)}' of ${field} is not a valid number.`);
  }
  return parsed;
}

/** Rounds to a whole number of cents, past the float noise of (say) 0.1 × 3. */
function roundCents(value: number): number {
  return Math.round(Number(value.toFixed(6)));
}

const money = (cents: number) => cents / 100;

/** Xero's /Date(ms+0000)/. */
function msDate(ms: number): string {
  return `/Date(${ms}+0000)/`;
}

/** 'YYYY-MM-DD' (or Xero's 'YYYY-MM-DDT00:00:00') as 'YYYY-MM-DD'; an unreadable date refuses the post. */
function day(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const match = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2})(?:T00:00:00)?$/.exec(value) : null;
  const parsed = match?.[1] ? new Date(`${match[1]}T00:00:00Z`) : undefined;
  if (
    !match?.[1] ||
    !parsed ||
    Number.isNaN(parsed.getTime()) ||
    !parsed.toISOString().startsWith(match[1])
  ) {
    throw new PostDataInvalid(`The string '${String(value)}' is not a valid AllXsd value.`);
  }
  return match[1];
}

/** Today in the organisation's time zone (Melbourne), Xero's default date of an invoice. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne' }).format(new Date());
}

/** The items of a write: `{ Contacts: [...] }` (any length) or one bare object. */
function batchItems(body: unknown, resource: AccountingResource): Item[] {
  if (isItem(body) && Array.isArray(body[resource])) {
    const list = body[resource] as unknown[];
    if (list.every(isItem)) return list;
  } else if (isItem(body) && !(resource in body)) {
    return [body];
  }
  throw new PostDataInvalid(`The ${resource} in the request could not be read.`);
}

function validationException(elements: Item[]): AccountingAnswer {
  return {
    status: 400,
    body: {
      ErrorNumber: 10,
      Type: 'ValidationException',
      Message: 'A validation exception occurred',
      Elements: elements,
    },
  };
}

function notFound(): AccountingAnswer {
  return {
    status: 404,
    body: problemBody(404, 'Not Found', "The resource you're looking for cannot be found"),
  };
}

const sameId = (left: string, right: string) => left.toLowerCase() === right.toLowerCase();

/** The lines and totals of a quote or invoice, computed as Xero does for its LineAmountTypes. */
function totals(document: StoredDocument) {
  const lineCents = document.lines.reduce((sum, line) => sum + line.lineCents, 0);
  const taxCents = document.lines.reduce((sum, line) => sum + line.taxCents, 0);
  // Inclusive line amounts already hold the tax; Exclusive ones have it added on top.
  const subTotal = document.lineAmountTypes === 'Inclusive' ? lineCents - taxCents : lineCents;
  return { SubTotal: money(subTotal), TotalTax: money(taxCents), Total: money(subTotal + taxCents) };
}

/** The lines of a quote or invoice as Xero reads them, with each line's amount and tax. */
function readLines(
  value: unknown,
  lineAmountTypes: LineAmountTypes,
  defaultTaxType: string,
  errors: string[],
): StoredLine[] {
  if (!Array.isArray(value) || !value.every(isItem)) {
    throw new PostDataInvalid('The LineItems in the request could not be read.');
  }
  return value.map((line: Item) => {
    const quantity = amount(line, 'Quantity') ?? 1;
    const unitAmount = amount(line, 'UnitAmount') ?? 0;
    const lineCents = roundCents(quantity * unitAmount * 100);
    const given = amount(line, 'LineAmount');
    if (given !== undefined && roundCents(given * 100) !== lineCents) {
      errors.push(
        `The line amount ${given} does not equal the quantity times the unit amount (${money(lineCents)}).`,
      );
    }
    const description = text(line.Description)?.trim() ?? '';
    const itemCode = text(line.ItemCode);
    if (!description && !itemCode) errors.push('Description must be specified.');
    const taxType =
      lineAmountTypes === 'NoTax' ? 'NONE' : (text(line.TaxType)?.trim().toUpperCase() ?? defaultTaxType);
    const rate = TAX_RATES[taxType];
    if (rate === undefined) {
      errors.push(
        `The TaxType code '${taxType}' does not exist or cannot be used for this type of transaction.`,
      );
    }
    const taxCents =
      rate === undefined || lineAmountTypes === 'NoTax'
        ? 0
        : lineAmountTypes === 'Inclusive'
          ? roundCents((lineCents * rate) / (1 + rate))
          : roundCents(lineCents * rate);
    const accountCode = text(line.AccountCode);
    return {
      LineItemID: randomUUID(),
      Description: description,
      Quantity: quantity,
      UnitAmount: unitAmount,
      ...(itemCode ? { ItemCode: itemCode } : {}),
      ...(accountCode ? { AccountCode: accountCode } : {}),
      TaxType: taxType,
      lineCents,
      taxCents,
    };
  });
}

function readPhones(value: unknown, errors: string[]): Record<string, string>[] {
  if (!Array.isArray(value) || !value.every(isItem)) {
    throw new PostDataInvalid('The Phones in the request could not be read.');
  }
  return value.map((phone: Item) => {
    const type = text(phone.PhoneType)?.toUpperCase() ?? 'DEFAULT';
    if (!(PHONE_TYPES as readonly string[]).includes(type)) errors.push(`PhoneType '${type}' is not valid.`);
    const fields: Record<string, string> = { PhoneType: type };
    for (const field of ['PhoneNumber', 'PhoneAreaCode', 'PhoneCountryCode']) {
      const given = text(phone[field]);
      if (given !== undefined) fields[field] = given;
    }
    return fields;
  });
}

function readAddresses(value: unknown, errors: string[]): Record<string, string>[] {
  if (!Array.isArray(value) || !value.every(isItem)) {
    throw new PostDataInvalid('The Addresses in the request could not be read.');
  }
  return value.map((address: Item) => {
    const type = text(address.AddressType)?.toUpperCase() ?? 'POBOX';
    if (!(ADDRESS_TYPES as readonly string[]).includes(type)) {
      errors.push(`AddressType '${type}' is not valid.`);
    }
    const fields: Record<string, string> = { AddressType: type };
    for (const field of ADDRESS_FIELDS) {
      const given = text(address[field]);
      if (given !== undefined) fields[field] = given;
    }
    return fields;
  });
}

/** A list where each entry of `incoming` replaces the one of its type in `current`. */
function mergeByType(
  current: Record<string, string>[],
  incoming: Record<string, string>[],
  typeField: string,
): Record<string, string>[] {
  const merged = current.filter((entry) => !incoming.some((next) => next[typeField] === entry[typeField]));
  return [...merged, ...incoming];
}

function contactJson(contact: StoredContact): FakeXeroContact {
  const phone = (type: string) =>
    contact.Phones.find((entry) => entry.PhoneType === type) ?? {
      PhoneType: type,
      PhoneNumber: '',
      PhoneAreaCode: '',
      PhoneCountryCode: '',
    };
  // Xero lists every phone type and both postal address types, empty when not given.
  const addresses = [...contact.Addresses];
  for (const type of ['POBOX', 'STREET']) {
    if (!addresses.some((address) => address.AddressType === type)) addresses.push({ AddressType: type });
  }
  return {
    ContactID: contact.ContactID,
    ContactStatus: contact.ContactStatus,
    Name: contact.Name,
    ...(contact.FirstName !== undefined ? { FirstName: contact.FirstName } : {}),
    ...(contact.LastName !== undefined ? { LastName: contact.LastName } : {}),
    EmailAddress: contact.EmailAddress ?? '',
    Addresses: addresses.map((address) => ({ ...address })),
    Phones: PHONE_TYPES.map((type) => ({ ...phone(type) })),
    UpdatedDateUTC: msDate(contact.updatedAt),
    ContactGroups: [],
    IsSupplier: false,
    IsCustomer: false,
    ContactPersons: [],
    HasAttachments: false,
    HasValidationErrors: false,
  };
}

function linesJson(document: StoredDocument): FakeXeroLineItem[] {
  return document.lines.map((line) => ({
    LineItemID: line.LineItemID,
    Description: line.Description,
    Quantity: line.Quantity,
    UnitAmount: line.UnitAmount,
    ...(line.ItemCode !== undefined ? { ItemCode: line.ItemCode } : {}),
    ...(line.AccountCode !== undefined ? { AccountCode: line.AccountCode } : {}),
    TaxType: line.TaxType,
    TaxAmount: money(line.taxCents),
    LineAmount: money(line.lineCents),
    Tracking: [],
  }));
}

function dateFields(name: string, value: string | undefined): Record<string, string> {
  if (value === undefined) return {};
  return { [name]: msDate(Date.parse(`${value}T00:00:00Z`)), [`${name}String`]: `${value}T00:00:00` };
}

/**
 * The contacts, quotes and invoices of every organisation. fake-xero.ts calls {@link read} and
 * {@link write} once a call is authorised for `tenantId`.
 */
export class FakeXeroAccounting {
  readonly #ledgers = new Map<string, Ledger>();

  #ledger(tenantId: string): Ledger {
    let ledger = this.#ledgers.get(tenantId);
    if (!ledger) {
      ledger = { contacts: [], quotes: [], invoices: [], quoteCount: 0, invoiceCount: 0 };
      this.#ledgers.set(tenantId, ledger);
    }
    return ledger;
  }

  /** The organisation's contacts, as GET /Contacts lists them. */
  contacts(tenantId: string): FakeXeroContact[] {
    return this.#ledger(tenantId).contacts.map(contactJson);
  }

  /** The organisation's quotes, as GET /Quotes lists them. */
  quotes(tenantId: string): FakeXeroQuote[] {
    const ledger = this.#ledger(tenantId);
    return ledger.quotes.map((quote) => this.#quoteJson(ledger, quote));
  }

  /** The organisation's invoices, as GET /Invoices lists them. */
  invoices(tenantId: string): FakeXeroInvoice[] {
    const ledger = this.#ledger(tenantId);
    return ledger.invoices.map((invoice) => this.#invoiceJson(ledger, invoice));
  }

  /** GET /{resource} or /{resource}/{id}; Contacts also takes `where=EmailAddress=="…"`. */
  read(
    tenantId: string,
    resource: AccountingResource,
    id: string | undefined,
    query: URLSearchParams,
  ): AccountingAnswer {
    const ledger = this.#ledger(tenantId);
    if (resource === 'Contacts') {
      let found = ledger.contacts;
      if (id !== undefined) found = found.filter((contact) => sameId(contact.ContactID, id));
      const where = query.get('where')?.trim();
      if (where) {
        const match = /^EmailAddress\s*==\s*"([^"]*)"$/.exec(where);
        if (!match) {
          return {
            status: 400,
            body: {
              ErrorNumber: 16,
              Type: 'QueryParseException',
              Message: `The fake Xero only understands where=EmailAddress=="…", not: ${where}`,
            },
          };
        }
        const email = (match[1] ?? '').toLowerCase();
        // Xero compares strings in `where` without regard to case.
        found = found.filter((contact) => contact.EmailAddress?.toLowerCase() === email);
      }
      if (id !== undefined && found.length === 0) return notFound();
      return this.#wrap('Contacts', found.map(contactJson));
    }
    const list = resource === 'Quotes' ? ledger.quotes : ledger.invoices;
    const found =
      id === undefined ? list : list.filter((entry) => sameId(entry.id, id) || entry.number === id);
    if (id !== undefined && found.length === 0) return notFound();
    return this.#wrap(
      resource,
      found.map((entry) =>
        resource === 'Quotes' ? this.#quoteJson(ledger, entry) : this.#invoiceJson(ledger, entry),
      ),
    );
  }

  /**
   * POST or PUT /{resource} (create, or update the items carrying their ID) or /{resource}/{id}
   * (update that one). `body` is undefined when the request was not JSON. All or nothing: the
   * items are applied to a copy of the organisation's books, kept only when every item is valid.
   */
  write(
    tenantId: string,
    resource: AccountingResource,
    id: string | undefined,
    body: { value: unknown } | undefined,
  ): AccountingAnswer {
    const draft = structuredClone(this.#ledger(tenantId));
    try {
      if (!body) throw new PostDataInvalid('The request body is not valid JSON.');
      let items = batchItems(body.value, resource);
      if (id !== undefined) {
        const idField =
          resource === 'Contacts' ? 'ContactID' : resource === 'Quotes' ? 'QuoteID' : 'InvoiceID';
        const list: { id: string }[] =
          resource === 'Contacts'
            ? draft.contacts.map((contact) => ({ id: contact.ContactID }))
            : resource === 'Quotes'
              ? draft.quotes
              : draft.invoices;
        if (!list.some((entry) => sameId(entry.id, id))) return notFound();
        if (items.length !== 1) throw new PostDataInvalid(`Only one ${idField} can be updated at ${id}.`);
        items = [{ ...items[0], [idField]: id }];
      }
      const written: unknown[] = [];
      const refused: Item[] = [];
      for (const item of items) {
        const errors: string[] = [];
        const json =
          resource === 'Contacts'
            ? contactJson(this.#writeContact(draft, item, errors))
            : resource === 'Quotes'
              ? this.#quoteJson(draft, this.#writeDocument(draft, 'quote', item, errors))
              : this.#invoiceJson(draft, this.#writeDocument(draft, 'invoice', item, errors));
        if (errors.length > 0)
          refused.push({ ...item, ValidationErrors: errors.map((Message) => ({ Message })) });
        else written.push(json);
      }
      if (refused.length > 0) return validationException(refused);
      this.#ledgers.set(tenantId, draft);
      return this.#wrap(resource, written);
    } catch (error) {
      if (!(error instanceof PostDataInvalid)) throw error;
      return {
        status: 400,
        body: { ErrorNumber: 14, Type: 'PostDataInvalidException', Message: error.message },
      };
    }
  }

  #wrap(resource: AccountingResource, list: unknown[]): AccountingAnswer {
    return {
      status: 200,
      body: {
        Id: randomUUID(),
        Status: 'OK',
        ProviderName: 'CleanQuote',
        DateTimeUTC: `/Date(${Date.now()})/`,
        [resource]: list,
      },
    };
  }

  #writeContact(ledger: Ledger, item: Item, errors: string[]): StoredContact {
    const id = text(item.ContactID);
    const existing =
      id === undefined ? undefined : ledger.contacts.find((entry) => sameId(entry.ContactID, id));
    if (id !== undefined && !existing) errors.push(`The contact with ContactID ${id} could not be found.`);
    const contact: StoredContact = existing ?? {
      ContactID: randomUUID(),
      ContactStatus: 'ACTIVE',
      Name: '',
      Phones: [],
      Addresses: [],
      updatedAt: Date.now(),
    };
    if (item.Name !== undefined || !existing) contact.Name = text(item.Name)?.trim() ?? '';
    if (!contact.Name) errors.push('The contact name must be specified.');
    // Xero keeps names unique among active contacts, whatever their case.
    const taken = ledger.contacts.some(
      (other) =>
        other !== contact &&
        other.ContactStatus === 'ACTIVE' &&
        other.Name.toLowerCase() === contact.Name.toLowerCase(),
    );
    if (contact.Name && taken) {
      errors.push(
        `The contact name ${contact.Name} is already assigned to another contact. The contact name must be unique across all active contacts.`,
      );
    }
    for (const field of ['FirstName', 'LastName', 'EmailAddress'] as const) {
      const given = text(item[field]);
      if (given !== undefined) contact[field] = given.trim();
    }
    if (contact.EmailAddress && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact.EmailAddress)) {
      errors.push('Email address must be valid.');
    }
    if (item.Phones !== undefined) {
      contact.Phones = mergeByType(contact.Phones, readPhones(item.Phones, errors), 'PhoneType');
    }
    if (item.Addresses !== undefined) {
      contact.Addresses = mergeByType(
        contact.Addresses,
        readAddresses(item.Addresses, errors),
        'AddressType',
      );
    }
    const status = text(item.ContactStatus);
    if (status === 'ACTIVE' || status === 'ARCHIVED') contact.ContactStatus = status;
    contact.updatedAt = Date.now();
    if (!existing && errors.length === 0) ledger.contacts.push(contact);
    return contact;
  }

  /**
   * Creates or updates a quote or an invoice. An update changes only what the item names: a status
   * alone keeps the contact, date and lines.
   */
  #writeDocument(ledger: Ledger, kind: 'quote' | 'invoice', item: Item, errors: string[]): StoredDocument {
    const quote = kind === 'quote';
    const list = quote ? ledger.quotes : ledger.invoices;
    const id = text(item[quote ? 'QuoteID' : 'InvoiceID']);
    const existing = id === undefined ? undefined : list.find((entry) => sameId(entry.id, id));
    if (id !== undefined && !existing) {
      errors.push(`${quote ? 'Quote' : 'Invoice'} ${id} could not be found.`);
    }
    const document: StoredDocument = existing ?? {
      id: randomUUID(),
      number: '',
      contactId: '',
      date: '',
      reference: '',
      status: 'DRAFT',
      lineAmountTypes: 'Exclusive',
      lines: [],
      updatedAt: Date.now(),
    };

    if (!quote) {
      const type = text(item.Type)?.toUpperCase() ?? document.type;
      if (type !== 'ACCREC' && type !== 'ACCPAY') errors.push('Invoice Type must be ACCREC or ACCPAY.');
      else document.type = type;
    }

    const contact = item.Contact;
    if (contact !== undefined) {
      const contactId = isItem(contact) ? text(contact.ContactID) : undefined;
      if (contactId === undefined) errors.push('A Contact must be specified for this type of transaction.');
      else if (!ledger.contacts.some((entry) => sameId(entry.ContactID, contactId))) {
        errors.push(`The contact with ContactID ${contactId} could not be found.`);
      } else document.contactId = contactId;
    } else if (!document.contactId) {
      errors.push('A Contact must be specified for this type of transaction.');
    }

    const date = day(item.Date);
    if (date !== undefined) document.date = date;
    else if (!document.date) {
      // An invoice without a date is dated today; a quote must have one.
      if (quote) errors.push('Date must be specified.');
      else document.date = today();
    }
    const until = day(item[quote ? 'ExpiryDate' : 'DueDate']);
    if (until !== undefined) document.until = until;

    for (const [field, key] of [
      ['Reference', 'reference'],
      ['Title', 'title'],
      ['Summary', 'summary'],
      ['Terms', 'terms'],
    ] as const) {
      if (!quote && key !== 'reference') continue;
      const given = text(item[field]);
      if (given !== undefined) document[key] = given;
    }

    const status = text(item.Status)?.toUpperCase();
    if (status !== undefined) {
      if ((quote ? QUOTE_STATUSES : INVOICE_STATUSES).includes(status)) document.status = status;
      else errors.push(`Status '${status}' is not valid for ${quote ? 'a quote' : 'an invoice'}.`);
    }

    const lineAmountTypes = text(item.LineAmountTypes);
    if (lineAmountTypes !== undefined) {
      const known = LINE_AMOUNT_TYPES.find((entry) => entry.toLowerCase() === lineAmountTypes.toLowerCase());
      if (known) document.lineAmountTypes = known;
      else errors.push(`LineAmountTypes '${lineAmountTypes}' is not valid.`);
    }
    if (item.LineItems !== undefined) {
      const defaultTaxType = document.type === 'ACCPAY' ? 'INPUT' : 'OUTPUT';
      document.lines = readLines(item.LineItems, document.lineAmountTypes, defaultTaxType, errors);
    } else if (existing && lineAmountTypes !== undefined) {
      // The same lines under other LineAmountTypes: their tax is computed again.
      document.lines = readLines(
        document.lines.map((line) => ({ ...line })),
        document.lineAmountTypes,
        'OUTPUT',
        errors,
      );
    }
    if (!existing && document.lines.length === 0) errors.push('At least one line item must be specified.');

    document.updatedAt = Date.now();
    if (!existing && errors.length === 0) {
      const given = text(item[quote ? 'QuoteNumber' : 'InvoiceNumber'])?.trim();
      const count = quote ? ++ledger.quoteCount : ++ledger.invoiceCount;
      document.number = given || `${quote ? 'QU' : 'INV'}-${String(count).padStart(4, '0')}`;
      list.push(document);
    }
    return document;
  }

  #contactOf(ledger: Ledger, document: StoredDocument): FakeXeroContact | { ContactID: string } {
    const contact = ledger.contacts.find((entry) => entry.ContactID === document.contactId);
    return contact ? contactJson(contact) : { ContactID: document.contactId };
  }

  #quoteJson(ledger: Ledger, quote: StoredDocument): FakeXeroQuote {
    return {
      QuoteID: quote.id,
      QuoteNumber: quote.number,
      Reference: quote.reference,
      ...(quote.title !== undefined ? { Title: quote.title } : {}),
      ...(quote.summary !== undefined ? { Summary: quote.summary } : {}),
      ...(quote.terms !== undefined ? { Terms: quote.terms } : {}),
      Contact: this.#contactOf(ledger, quote),
      LineItems: linesJson(quote),
      ...dateFields('Date', quote.date),
      ...dateFields('ExpiryDate', quote.until),
      Status: quote.status,
      CurrencyRate: 1,
      CurrencyCode: 'AUD',
      ...totals(quote),
      TotalDiscount: 0,
      UpdatedDateUTC: msDate(quote.updatedAt),
      LineAmountTypes: quote.lineAmountTypes,
    };
  }

  #invoiceJson(ledger: Ledger, invoice: StoredDocument): FakeXeroInvoice {
    const sums = totals(invoice);
    return {
      Type: invoice.type,
      InvoiceID: invoice.id,
      InvoiceNumber: invoice.number,
      Reference: invoice.reference,
      Payments: [],
      CreditNotes: [],
      Prepayments: [],
      Overpayments: [],
      AmountDue: sums.Total,
      AmountPaid: 0,
      AmountCredited: 0,
      SentToContact: false,
      CurrencyRate: 1,
      IsDiscounted: false,
      HasAttachments: false,
      HasErrors: false,
      Contact: this.#contactOf(ledger, invoice),
      ...dateFields('Date', invoice.date),
      ...dateFields('DueDate', invoice.until),
      Status: invoice.status,
      LineAmountTypes: invoice.lineAmountTypes,
      LineItems: linesJson(invoice),
      ...sums,
      UpdatedDateUTC: msDate(invoice.updatedAt),
      CurrencyCode: 'AUD',
    };
  }
}
