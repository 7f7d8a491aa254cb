import { describe, expect, test } from 'vitest';
import type { UserRight } from './participant-state.ts';
import {
  actAsParties,
  canActAs,
  canExecuteAs,
  canReadAs,
  isIdpAdmin,
  isParticipantAdmin,
  readAsParties,
} from './user-rights.ts';

const holder = (...rights: UserRight[]) => ({ rights });

describe('right predicates', () => {
  test('acting needs CanActAs for that party; nothing else grants it', () => {
    expect(canActAs(holder({ kind: 'CanActAs', party: 'a' }), 'a')).toBe(true);
    expect(canActAs(holder({ kind: 'CanActAs', party: 'a' }), 'b')).toBe(false);
    expect(canActAs(holder({ kind: 'CanReadAs', party: 'a' }), 'a')).toBe(false);
    expect(canActAs(holder({ kind: 'ParticipantAdmin' }, { kind: 'CanReadAsAnyParty' }), 'a')).toBe(
      false,
    );
  });

  test('reading is granted by CanReadAs, CanActAs or CanReadAsAnyParty', () => {
    expect(canReadAs(holder({ kind: 'CanReadAs', party: 'a' }), 'a')).toBe(true);
    expect(canReadAs(holder({ kind: 'CanActAs', party: 'a' }), 'a')).toBe(true);
    expect(canReadAs(holder({ kind: 'CanReadAsAnyParty' }), 'anyone')).toBe(true);
    expect(canReadAs(holder({ kind: 'CanExecuteAs', party: 'a' }), 'a')).toBe(false);
    expect(canReadAs(holder({ kind: 'ParticipantAdmin' }), 'a')).toBe(false);
  });

  test('interactive execution is granted by CanExecuteAs(AnyParty) or CanActAs, not reading', () => {
    expect(canExecuteAs(holder({ kind: 'CanExecuteAs', party: 'a' }), 'a')).toBe(true);
    expect(canExecuteAs(holder({ kind: 'CanExecuteAsAnyParty' }), 'a')).toBe(true);
    expect(canExecuteAs(holder({ kind: 'CanActAs', party: 'a' }), 'a')).toBe(true);
    expect(canExecuteAs(holder({ kind: 'CanReadAs', party: 'a' }), 'a')).toBe(false);
  });

  test('admin predicates look for their own right only', () => {
    expect(isParticipantAdmin(holder({ kind: 'ParticipantAdmin' }))).toBe(true);
    expect(isParticipantAdmin(holder({ kind: 'IdentityProviderAdmin' }))).toBe(false);
    expect(isIdpAdmin(holder({ kind: 'IdentityProviderAdmin' }))).toBe(true);
    expect(isIdpAdmin(holder({ kind: 'ParticipantAdmin' }))).toBe(false);
  });

  test('lists the parties a user acts and reads as', () => {
    const user = holder(
      { kind: 'CanActAs', party: 'a' },
      { kind: 'CanReadAs', party: 'b' },
      { kind: 'CanReadAs', party: 'a' },
      { kind: 'CanExecuteAs', party: 'c' },
    );
    expect(actAsParties(user)).toEqual(['a']);
    expect(readAsParties(user)).toEqual(['a', 'b']);
  });
});
