import { positiveInteger } from './option-checks.ts';
import type { OptionRow } from './option-table.ts';

/** The options of `pocketnet token`. */
export const tokenOptionRows: readonly OptionRow[] = [
  {
    flag: 'user',
    env: null,
    kind: 'string',
    placeholder: '<user>',
    defaultValue: null,
    description: 'the user id the token is for (required)',
  },
  {
    flag: 'auth-secret',
    env: null,
    kind: 'string',
    placeholder: '<secret>',
    defaultValue: 'unsafe',
    description: "the node's --auth-secret",
  },
  {
    flag: 'auth-audience',
    env: null,
    kind: 'string',
    placeholder: '<audience>',
    defaultValue: 'https://canton.network.global',
    description: "the node's --auth-audience",
  },
  {
    flag: 'expires-in',
    env: null,
    kind: 'string',
    placeholder: '<seconds>',
    defaultValue: '86400',
    description: 'how long the token lasts, in seconds',
    check: positiveInteger,
  },
];
