// Daml-LF builtin functions, constructors and literals, named as the LF protobuf enums name them.

export const roundingModes = [
  'UP',
  'DOWN',
  'CEILING',
  'FLOOR',
  'HALF_UP',
  'HALF_DOWN',
  'HALF_EVEN',
  'UNNECESSARY',
] as const;
export type RoundingMode = (typeof roundingModes)[number];

export const failureCategories = [
  'INVALID_INDEPENDENT_OF_SYSTEM_STATE',
  'INVALID_GIVEN_CURRENT_SYSTEM_STATE_OTHER',
] as const;
export type FailureCategory = (typeof failureCategories)[number];

/**
 * `int64` and `timestamp` (microseconds since the epoch) are exact 64-bit integers; `numeric` is the
 * literal's text as LF writes it (digits, a dot, as many decimals as its scale); `date` is days since
 * 1970-01-01.
 */
export type BuiltinLit =
  | { readonly tag: 'int64'; readonly value: bigint }
  | { readonly tag: 'timestamp'; readonly value: bigint }
  | { readonly tag: 'numeric'; readonly value: string }
  | { readonly tag: 'text'; readonly value: string }
  | { readonly tag: 'date'; readonly value: number }
  | { readonly tag: 'failureCategory'; readonly value: FailureCategory }
  | { readonly tag: 'roundingMode'; readonly value: RoundingMode };

export const builtinCons = ['CON_UNIT', 'CON_FALSE', 'CON_TRUE'] as const;
export type BuiltinCon = (typeof builtinCons)[number];

export const builtinFunctions = [
  'TRACE',
  'ERROR',
  'EQUAL',
  'LESS_EQ',
  'LESS',
  'GREATER_EQ',
  'GREATER',
  'ADD_INT64',
  'SUB_INT64',
  'MUL_INT64',
  'DIV_INT64',
  'MOD_INT64',
  'EXP_INT64',
  'ADD_NUMERIC',
  'SUB_NUMERIC',
  'MUL_NUMERIC',
  'DIV_NUMERIC',
  'ROUND_NUMERIC',
  'CAST_NUMERIC',
  'SHIFT_NUMERIC',
  'INT64_TO_NUMERIC',
  'NUMERIC_TO_INT64',
  'INT64_TO_TEXT',
  'NUMERIC_TO_TEXT',
  'TIMESTAMP_TO_TEXT',
  'DATE_TO_TEXT',
  'PARTY_TO_TEXT',
  'TEXT_TO_PARTY',
  'TEXT_TO_INT64',
  'TEXT_TO_NUMERIC',
  'CONTRACT_ID_TO_TEXT',
  'SHA256_TEXT',
  'EXPLODE_TEXT',
  'APPEND_TEXT',
  'IMPLODE_TEXT',
  'CODE_POINTS_TO_TEXT',
  'TEXT_TO_CODE_POINTS',
  'DATE_TO_UNIX_DAYS',
  'UNIX_DAYS_TO_DATE',
  'TIMESTAMP_TO_UNIX_MICROSECONDS',
  'UNIX_MICROSECONDS_TO_TIMESTAMP',
  'COERCE_CONTRACT_ID',
  'FOLDL',
  'FOLDR',
  'EQUAL_LIST',
  'GENMAP_EMPTY',
  'GENMAP_INSERT',
  'GENMAP_LOOKUP',
  'GENMAP_DELETE',
  'GENMAP_KEYS',
  'GENMAP_VALUES',
  'GENMAP_SIZE',
  'TEXTMAP_EMPTY',
  'TEXTMAP_INSERT',
  'TEXTMAP_LOOKUP',
  'TEXTMAP_DELETE',
  'TEXTMAP_TO_LIST',
  'TEXTMAP_SIZE',
  'ANY_EXCEPTION_MESSAGE',
  'FAIL_WITH_STATUS',
  'KECCAK256_TEXT',
  'SECP256K1_BOOL',
  'HEX_TO_TEXT',
  'TEXT_TO_HEX',
  'SHA256_HEX',
  'SECP256K1_WITH_ECDSA_BOOL',
  'SCALE_BIGNUMERIC',
  'PRECISION_BIGNUMERIC',
  'ADD_BIGNUMERIC',
  'SUB_BIGNUMERIC',
  'MUL_BIGNUMERIC',
  'DIV_BIGNUMERIC',
  'SHIFT_RIGHT_BIGNUMERIC',
  'BIGNUMERIC_TO_NUMERIC',
  'NUMERIC_TO_BIGNUMERIC',
  'BIGNUMERIC_TO_TEXT',
  'TYPE_REP_TYCON_NAME',
  'SECP256K1_VALIDATE_KEY',
] as const;
export type BuiltinFunction = (typeof builtinFunctions)[number];
