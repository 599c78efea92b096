/**
 * Reads the bulk customer CSV (reference `POST /customers/bulk/csv`) with papaparse, a
 * maintained parser that works on a string with no I/O. The header row names the columns; a row
 * with fewer fields than the header leaves the rest empty (the reference's own example does
 * this); a row with more fields, or a broken quote, is malformed and reported in the job while
 * the other rows still apply. Each good row becomes a `POST /customers` body. Pure.
 */
import Papa from 'papaparse';

/** Columns the reference names. */
export const CSV_COLUMNS = [
  'umaAddress', 'platformCustomerId', 'customerType', 'fullName', 'birthDate', 'addressLine1', 'addressLine2', 'city', 'state',
  'postalCode', 'country', 'platformAccountId', 'description', 'email', 'businessLegalName', 'businessRegistrationNumber', 'businessTaxId',
] as const;

/**
 * Columns accepted and not stored: the bulk upload sets no UMA address, bank-account id or
 * description (docs/identity.md). `email` is the customer's (reference Customer.email).
 */
export const IGNORED_CSV_COLUMNS: readonly string[] = ['umaAddress', 'platformAccountId', 'description'];

/** Most data rows in one upload. */
export const CSV_ROWS_MAX = 1_000;

/** One data row: a body for `POST /customers`, or why the row could not be read. */
export type CsvRow =
  | { readonly row: number; readonly ok: true; readonly correlationId: string; readonly body: Record<string, unknown> }
  | { readonly row: number; readonly ok: false; readonly correlationId: string; readonly message: string };

/** The file's rows, or a problem with the file as a whole (no header, unknown column, too many rows). */
export type CsvFile = { readonly ok: true; readonly rows: readonly CsvRow[] } | { readonly ok: false; readonly message: string };

function bodyOf(values: Readonly<Record<string, string>>): Record<string, unknown> {
  const get = (key: string): string | undefined => {
    const value = values[key]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const type = get('customerType');
  const address = {
    line1: get('addressLine1'),
    line2: get('addressLine2'),
    city: get('city'),
    state: get('state'),
    postalCode: get('postalCode'),
    country: get('country'),
  };
  const hasAddress = Object.values(address).some((v) => v !== undefined);
  const body: Record<string, unknown> = { customerType: type, platformCustomerId: get('platformCustomerId') };
  if (type === 'BUSINESS') {
    body.businessInfo = { legalName: get('businessLegalName'), registrationNumber: get('businessRegistrationNumber'), taxId: get('businessTaxId') };
  } else {
    body.fullName = get('fullName');
    body.birthDate = get('birthDate');
  }
  if (hasAddress) body.address = address;
  body.email = get('email');
  // JSON round trip: absent values disappear, as in a JSON request body.
  return JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
}

/** Parses the CSV text. Pure. */
export function parseCustomerCsv(text: string): CsvFile {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, delimiter: ',', skipEmptyLines: 'greedy' });
  const columns = parsed.meta.fields ?? [];
  if (columns.length === 0 || !columns.includes('platformCustomerId') || !columns.includes('customerType')) {
    return { ok: false, message: 'The CSV needs a header row naming at least platformCustomerId and customerType' };
  }
  const unknown = columns.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c));
  if (unknown.length > 0) return { ok: false, message: `Unknown CSV columns: ${unknown.join(', ')}` };
  if (parsed.data.length > CSV_ROWS_MAX) return { ok: false, message: `A CSV may hold at most ${CSV_ROWS_MAX} rows` };
  const broken = new Map<number, string>();
  for (const error of parsed.errors) {
    if (error.row === undefined || error.code === 'TooFewFields') continue;
    if (!broken.has(error.row)) broken.set(error.row, `${error.code}: ${error.message}`);
  }
  const rows = parsed.data.map((values, index): CsvRow => {
    const row = index + 1;
    const platformCustomerId = values.platformCustomerId?.trim();
    const correlationId = platformCustomerId === undefined || platformCustomerId === '' ? `row ${row}` : platformCustomerId;
    const problem = broken.get(index);
    if (problem !== undefined) return { row, ok: false, correlationId, message: `Malformed CSV row ${row}: ${problem}` };
    return { row, ok: true, correlationId, body: bodyOf(values) };
  });
  return { ok: true, rows };
}
