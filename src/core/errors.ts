/**
 * The spec's complete error-code catalogue, typed by HTTP status, and the `ApiError` record that
 * every domain rejection returns. The wire body is `{ code, reason, details? }`; `status` travels
 * beside it (DECISIONS.md).
 */

/** Error codes by HTTP status, exactly as the specification lists them. */
export const ERROR_CODES = {
  400: [
    'INVALID_INPUT', 'END_USER_TERMS_VERSION_NOT_FOUND', 'MISSING_MANDATORY_USER_INFO',
    'INVITATION_ALREADY_CLAIMED', 'INVITATIONS_NOT_CONFIGURED', 'INVALID_UMA_ADDRESS',
    'INVITATION_CANCELLED', 'INVALID_RECEIVER', 'PARSE_PAYREQ_RESPONSE_ERROR', 'CERT_CHAIN_INVALID',
    'CERT_CHAIN_EXPIRED', 'INVALID_PUBKEY_FORMAT', 'MISSING_REQUIRED_UMA_PARAMETERS',
    'SENDER_NOT_ACCEPTED', 'AMOUNT_OUT_OF_RANGE', 'INVALID_CURRENCY', 'INVALID_TIMESTAMP',
    'INVALID_NONCE', 'INVALID_REQUEST_FORMAT', 'INVALID_BANK_ACCOUNT', 'SELF_PAYMENT',
    'PARSE_LNURLP_RESPONSE_ERROR', 'INVALID_AMOUNT', 'WEBHOOK_ENDPOINT_NOT_SET',
    'WEBHOOK_DELIVERY_ERROR', 'LOW_QUALITY', 'DATA_MISMATCH', 'EXPIRED', 'SUSPECTED_FRAUD',
    'UNSUITABLE_DOCUMENT', 'INCOMPLETE', 'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS',
    'SMS_OTP_CREDENTIAL_ALREADY_EXISTS', 'PASSKEY_CREDENTIAL_ALREADY_EXISTS',
    'AUTH_CREDENTIAL_VERIFICATION_REQUIRED', 'AUTH_CREDENTIAL_VERIFICATION_EXPIRED',
    'CARDHOLDER_KYC_NOT_APPROVED', 'TRANSACTION_SIZE_LIMIT_EXCEEDED',
    'EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED', 'INSUFFICIENT_FUNDS', 'QUOTE_EXPIRED',
    'QUOTE_RATE_UNAVAILABLE', 'DOCUMENTS_REQUIRED', 'STABLECOIN_PROVIDER_ACCOUNT_INVALID',
    'STABLECOIN_PROVIDER_ACCOUNT_REVOKED', 'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED',
    'STABLECOIN_AMOUNT_NOT_REPRESENTABLE', 'STABLECOIN_BURN_SOURCE_NOT_SUPPORTED',
    'STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED', 'STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED',
    'STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED', 'STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED',
    'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED',
    'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED', 'STABLECOIN_GRID_OPERATIONS_NOT_ENABLED',
    'STABLECOIN_NOT_PROVISIONED', 'STABLECOIN_OPERATION_NOT_SUPPORTED', 'STABLECOIN_PROVIDER_ERROR',
    'STABLECOIN_PROVIDER_SOURCE_NOT_LINKED', 'STABLECOIN_VERIFICATION_FAILED',
    // Status not shown in the spec; decided 400 (docs/errors.md).
    'END_USER_TERMS_NOT_ACCEPTED',
  ],
  401: [
    'UNAUTHORIZED', 'INVALID_SIGNATURE', 'WALLET_SIGNATURE_MISSING', 'WALLET_SIGNATURE_MALFORMED',
    'WALLET_SIGNATURE_BODY_MISMATCH', 'WALLET_SIGNATURE_INVALID', 'REQUEST_ID_MISSING',
  ],
  // Not in the spec's catalogue; used for an agent acting outside its policy (DECISIONS.md: 403).
  403: ['FORBIDDEN'],
  404: [
    'TRANSACTION_NOT_FOUND', 'INVITATION_NOT_FOUND', 'USER_NOT_FOUND', 'QUOTE_NOT_FOUND',
    'LOOKUP_REQUEST_NOT_FOUND', 'TOKEN_NOT_FOUND', 'BULK_UPLOAD_JOB_NOT_FOUND', 'REFERENCE_NOT_FOUND',
    'UMA_NOT_FOUND', 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND', 'ACCOUNT_NOT_FOUND',
    'AUTH_METHOD_NOT_FOUND', 'CUSTOMER_NOT_FOUND', 'DOCUMENT_HOLDER_NOT_FOUND', 'NOT_FOUND',
    'PAYMENT_URL_NOT_FOUND', 'PLATFORM_NOT_FOUND', 'REQUEST_NOT_FOUND', 'SESSION_NOT_FOUND',
    'STABLECOIN_EXTERNAL_ACCOUNT_NOT_FOUND', 'STABLECOIN_NOT_FOUND', 'STABLECOIN_OPERATION_NOT_FOUND',
    'VERIFICATION_NOT_FOUND', 'PAYMENT_DOCUMENT_NOT_FOUND',
  ],
  // Not in the spec's catalogue: a known path with an unsupported method.
  405: ['METHOD_NOT_ALLOWED'],
  // Not in the spec's catalogue: a body past REQUEST_LIMITS.bodyBytesMax (docs/errors.md).
  413: ['PAYLOAD_TOO_LARGE'],
  409: [
    'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', 'TRANSACTION_NOT_CANCELLABLE', 'UMA_ADDRESS_EXISTS',
    'EMAIL_OTP_EMAIL_ALREADY_EXISTS', 'EMAIL_OTP_CREDENTIAL_SET_CHANGED', 'PASSKEY_ALREADY_ENROLLED',
    'SCA_SESSION_REQUIRED', 'BENEFICIARY_TRUSTED', 'BANK_ACCOUNT_VALIDATION_PENDING',
    'INVALID_STATE_TRANSITION', 'CARD_ALREADY_CLOSED', 'CARD_NOT_MUTABLE', 'CARD_LIMIT_REACHED',
    'STABLECOIN_GRID_ENABLEMENT_NOT_REQUESTABLE', 'NOT_YET_AVAILABLE', 'CONFLICT',
    'DOCUMENT_ALREADY_EXISTS', 'DUPLICATE_EXTERNAL_ACCOUNT', 'DUPLICATE_PAY_REQUEST',
    'OPERATION_IN_PROGRESS', 'SMS_OTP_CREDENTIAL_SET_CHANGED', 'SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS',
    'STABLECOIN_SYMBOL_ALREADY_EXISTS', 'STABLECOIN_TOKEN_IDENTIFIER_ALREADY_EXISTS',
    'WALLET_NOT_PROVISIONED', 'PAYMENT_DOCUMENT_ALREADY_USED',
  ],
  423: ['ACCOUNT_LOCKED'],
  429: ['DAILY_VOLUME_LIMIT_EXCEEDED'],
  500: ['SVC_SWITCH_ERROR', 'INTERNAL_ERROR'],
  // Not in the spec's catalogue: an engine halted after a defect (fail-stop, docs/errors.md).
  503: ['SERVICE_UNAVAILABLE'],
  502: ['INVALID_PAYREQ_RESPONSE', 'COUNTERPARTY_SERVER_ERROR'],
  504: ['LOOKUP_REQUEST_FAILED', 'QUOTE_REQUEST_FAILED'],
} as const;

type Catalogue = typeof ERROR_CODES;
/** An HTTP status that carries an error body. */
export type ErrorStatus = keyof Catalogue;
/** Every error code of the spec, as a union of string literals. */
export type ErrorCode = Catalogue[ErrorStatus][number];
/** The codes that belong to one HTTP status, e.g. `ErrorCodeOf<409>`. */
export type ErrorCodeOf<S extends ErrorStatus> = Catalogue[S][number];

const STATUS_BY_CODE: ReadonlyMap<string, ErrorStatus> = new Map(
  (Object.entries(ERROR_CODES) as [string, readonly string[]][]).flatMap(([status, codes]) =>
    codes.map((code) => [code, Number(status) as ErrorStatus] as const),
  ),
);

/** The HTTP status a code travels with. Pure. */
export function statusOf(code: ErrorCode): ErrorStatus {
  const status = STATUS_BY_CODE.get(code);
  if (status === undefined) throw new Error(`unknown error code ${code}`);
  return status;
}

/** True when `value` is one of the catalogue's codes. */
export function isErrorCode(value: string): value is ErrorCode {
  return STATUS_BY_CODE.has(value);
}

/** A constraint that a field broke, as the spec's FieldError names it. */
export type FieldConstraint =
  | { readonly format: string }
  | { readonly pattern: string }
  | { readonly enum: readonly string[] }
  | { readonly minLength: number }
  | { readonly maxLength: number };

/** One invalid field: dot-notation path, optional constraint, human message. */
export type FieldError = {
  readonly field: string;
  readonly constraint?: FieldConstraint;
  readonly message: string;
};

/** A domain rejection as data: `{ status, code, reason, details }`. */
export type ApiError = {
  readonly status: ErrorStatus;
  readonly code: ErrorCode;
  readonly reason: string;
  readonly details?: Readonly<Record<string, unknown>>;
};

/**
 * Builds an `ApiError` whose status is the one the catalogue gives its code.
 * @example apiError('CUSTOMER_NOT_FOUND', 'Customer Customer:… does not exist')
 */
export function apiError(
  code: ErrorCode,
  reason: string,
  details?: Readonly<Record<string, unknown>>,
): ApiError {
  return details === undefined
    ? { status: statusOf(code), code, reason }
    : { status: statusOf(code), code, reason, details };
}

/** A 400 INVALID_INPUT that lists every invalid field in `details.errors`. */
export function invalidInput(errors: readonly FieldError[], reason = 'Invalid input'): ApiError {
  return apiError('INVALID_INPUT', reason, { errors });
}

/** The wire body of an error: `{ code, reason, details? }` without the status. */
export function errorBody(error: ApiError): {
  code: ErrorCode;
  reason: string;
  details?: Readonly<Record<string, unknown>>;
} {
  return error.details === undefined
    ? { code: error.code, reason: error.reason }
    : { code: error.code, reason: error.reason, details: error.details };
}

/**
 * Concatenates field error lists, drops exact repeats and sorts by field (stable), so the same
 * request always gets the same list in the same order. Pure.
 */
export function mergeFieldErrors(...lists: readonly (readonly FieldError[])[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of lists.flat()) {
    const key = `${error.field}\u0000${error.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(error);
  }
  return out.sort(byField);
}

/** Orders field errors by field path (the fixed order every list of them is reported in). */
export function byField(a: FieldError, b: FieldError): number {
  return a.field < b.field ? -1 : a.field > b.field ? 1 : 0;
}
