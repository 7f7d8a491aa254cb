// The types a user of the client names: the calls' options and the JSON they send and answer.
export type { ClientOptions } from './client-types.js';
export type * from './inspect-types.js';
export type * from './wallet-types.js';
