// The wire numbers of Daml-LF 2 builtin functions, in the order `builtinFunctions` lists them.
import { builtinFunctions } from '../ast/builtins.ts';
import { type EnumSpec, enumeration } from './schema-dsl.ts';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

const numbers = [
  ...range(0, 23), // TRACE … NUMERIC_TO_TEXT
  ...range(25, 45), // TIMESTAMP_TO_TEXT … EQUAL_LIST
  ...range(52, 58), // GENMAP_*
  ...range(60, 65), // TEXTMAP_*
  ...range(59, 59), // ANY_EXCEPTION_MESSAGE
  ...range(66, 72), // FAIL_WITH_STATUS … SECP256K1_WITH_ECDSA_BOOL
  ...range(2001, 2010), // BIGNUMERIC (2.dev)
  3011, // TYPE_REP_TYCON_NAME (2.dev)
  4001, // SECP256K1_VALIDATE_KEY (2.dev)
];

export const builtinFunctionEnum: EnumSpec = enumeration(builtinFunctions, numbers);
