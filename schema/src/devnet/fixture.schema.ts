import { z } from 'zod';

const decimal = z.union([
  z.string().regex(/^\d+(\.\d{1,10})?$/, 'an amount: a decimal with at most 10 places'),
  z.number().positive(),
]);

/** One validator wallet user of a fixture: its user, party and wallet, and what it starts with. */
export const fixtureUserSchema = z.strictObject({
  /** The user's name; its party's hint too. */
  name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'a user name: letters, digits, _ and -'),
  /** USD worth of amulet tapped into its wallet. */
  tap: decimal.optional(),
  /** A TransferPreapproval, so that transfers to it need no offer. */
  preapproval: z.boolean().default(false),
  /** ANS entries it buys (paid from its wallet: tap enough first). */
  names: z.array(z.string().min(1)).default([]),
  /** Its merge delegation to the validator operator, accepted (as onboarding proposes it). */
  mergeDelegation: z.boolean().default(true),
});

/**
 * `pocketnet start --fixture FILE` (YAML or JSON): parties with no wallet, and validator wallet
 * users, created in this order before the node reports ready.
 */
export const fixtureSchema = z.strictObject({
  /** Party id hints of parties allocated on the participant, with no wallet. */
  parties: z.array(z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'a party hint')).default([]),
  users: z.array(fixtureUserSchema).default([]),
});
export type Fixture = z.output<typeof fixtureSchema>;
export type FixtureUser = z.output<typeof fixtureUserSchema>;
