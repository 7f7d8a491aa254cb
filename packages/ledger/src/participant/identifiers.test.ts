import { describe, expect, test } from 'vitest';
import {
  isValidParty,
  isValidUserId,
  optionalIdentityProviderId,
  participantNamespace,
  partyIdFromHint,
  requireUserId,
} from './identifiers.ts';

describe('identifiers', () => {
  test("user ids: 1 to 128 characters of letters, digits and @^$.!`-#+'~_|:()", () => {
    expect(isValidUserId("Alice_1@example.com:(ops)|~'+#$^!`-")).toBe(true);
    expect(isValidUserId('x'.repeat(128))).toBe(true);
    expect(isValidUserId('x'.repeat(129))).toBe(false);
    expect(isValidUserId('')).toBe(false);
    for (const bad of ['a b', 'a/b', 'a*b', 'a,b', 'é']) expect(isValidUserId(bad)).toBe(false);
    expect(() => requireUserId('a b', 'user.id')).toThrow(
      'The submitted request has a field with invalid value: Invalid field user.id: non expected character 0x20 in Daml-LF User ID "a b"',
    );
    expect(() => requireUserId('', 'user.id')).toThrow(
      'The submitted request is missing a mandatory field: user.id',
    );
  });

  test('parties: letters, digits, space, colon, minus and underscore, up to 255', () => {
    expect(isValidParty('alice::1220aa')).toBe(true);
    expect(isValidParty('Alice Smith-1_x')).toBe(true);
    expect(isValidParty('alice.bob')).toBe(false);
    expect(isValidParty('p'.repeat(256))).toBe(false);
  });

  test('a party id is the hint and the namespace part of the participant id', () => {
    expect(participantNamespace('participant1::1220aa')).toBe('1220aa');
    expect(participantNamespace('PAR::participant1::1220aa')).toBe('1220aa');
    expect(partyIdFromHint('alice', '1220aa')).toBe('alice::1220aa');
    expect(() => partyIdFromHint('a::b', '1220aa')).toThrow(/reserved delimiter/);
  });

  test('identity provider ids: empty is the default provider, others are ledger strings', () => {
    expect(optionalIdentityProviderId(undefined, 'f')).toBe('');
    expect(optionalIdentityProviderId('idp-1/x #y', 'f')).toBe('idp-1/x #y');
    expect(() => optionalIdentityProviderId('idp!', 'identity_provider_id')).toThrow(
      /Invalid field identity_provider_id/,
    );
  });
});
