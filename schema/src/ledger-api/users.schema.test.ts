import { describe, expect, it } from 'vitest';
import { createUserRequestSchema, grantUserRightsRequestSchema } from './users.schema.ts';

describe('user management bodies', () => {
  it('accepts a user with every kind of right', () => {
    const parsed = createUserRequestSchema.parse({
      user: { id: 'alice', primaryParty: 'alice::1220aa', isDeactivated: false },
      rights: [
        { kind: { CanActAs: { value: { party: 'alice::1220aa' } } } },
        { kind: { CanReadAs: { value: { party: 'bob::1220bb' } } } },
        { kind: { CanExecuteAs: { value: { party: 'alice::1220aa' } } } },
        { kind: { CanReadAsAnyParty: { value: {} } } },
        { kind: { CanExecuteAsAnyParty: { value: {} } } },
        { kind: { ParticipantAdmin: { value: {} } } },
        { kind: { IdentityProviderAdmin: { value: {} } } },
      ],
    });
    expect(parsed.rights).toHaveLength(7);
  });

  it('rejects a party right without its party', () => {
    const result = grantUserRightsRequestSchema.safeParse({
      userId: 'alice',
      rights: [{ kind: { CanActAs: { value: {} } } }],
    });
    expect(result.success).toBe(false);
  });
});
