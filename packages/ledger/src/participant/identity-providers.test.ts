import { describe, expect, test } from 'vitest';
import { isDomainError } from '../errors.ts';
import type { AdminRecord } from '../transaction.ts';
import {
  getIdentityProvider,
  type IdentityProviderConfigInput,
  identityProviderByIssuer,
  listIdentityProviders,
  maxIdentityProviders,
  planCreateIdentityProvider,
  planDeleteIdentityProvider,
  planUpdateIdentityProvider,
} from './identity-providers.ts';
import {
  applyParticipantRecord,
  createParticipantState,
  type ParticipantState,
} from './participant-state.ts';
import { getUser, planCreateUser } from './users.ts';

const recordTime = '2025-01-01T00:00:00.000000Z';

function commit<TRecord extends AdminRecord>(
  state: ParticipantState,
  plan: (state: ParticipantState, recordTime: string) => TRecord,
): TRecord {
  const record = plan(state, recordTime);
  applyParticipantRecord(state, record);
  return record;
}

function codeOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
  throw new Error('expected a DomainError');
}

const config = (id: string, extra: IdentityProviderConfigInput = {}) => ({
  identityProviderConfig: {
    identityProviderId: id,
    issuer: `https://${id}.example`,
    jwksUrl: `https://${id}.example/jwks`,
    ...extra,
  },
});

describe('creating identity providers', () => {
  test('stores the config with defaults for the optional fields', () => {
    const state = createParticipantState('participant1::1220aa');
    commit(state, planCreateIdentityProvider(config('idp1')));
    expect(getIdentityProvider(state, 'idp1')).toEqual({
      identityProviderId: 'idp1',
      isDeactivated: false,
      issuer: 'https://idp1.example',
      jwksUrl: 'https://idp1.example/jwks',
      audience: '',
    });
    expect(identityProviderByIssuer(state, 'https://idp1.example')?.identityProviderId).toBe(
      'idp1',
    );
  });

  test('refuses a taken id, a taken issuer and missing or malformed fields', () => {
    const state = createParticipantState('participant1::1220aa');
    commit(state, planCreateIdentityProvider(config('idp1')));
    const codes = [
      config('idp1', { issuer: 'https://fresh.example' }),
      config('idp2', { issuer: 'https://idp1.example' }),
      config('idp2', { issuer: '' }),
      config('idp2', { jwksUrl: '' }),
      config('idp2', { jwksUrl: 'not a url' }),
      config(''),
      config('bad id!'),
      {},
    ].map((request) => codeOf(() => commit(state, planCreateIdentityProvider(request))));
    expect(codes).toEqual([
      'IDP_CONFIG_ALREADY_EXISTS',
      'IDP_CONFIG_ISSUER_ALREADY_EXISTS',
      'MISSING_FIELD',
      'MISSING_FIELD',
      'INVALID_FIELD',
      'MISSING_FIELD',
      'INVALID_FIELD',
      'MISSING_FIELD',
    ]);
  });

  test(`allows at most ${maxIdentityProviders} providers`, () => {
    const state = createParticipantState('participant1::1220aa');
    for (let index = 0; index < maxIdentityProviders; index += 1) {
      commit(state, planCreateIdentityProvider(config(`idp${index}`)));
    }
    expect(codeOf(() => commit(state, planCreateIdentityProvider(config('one-more'))))).toBe(
      'TOO_MANY_IDENTITY_PROVIDER_CONFIGS',
    );
    expect(listIdentityProviders(state)).toHaveLength(maxIdentityProviders);
  });
});

describe('updating identity providers', () => {
  test('changes only masked fields; an empty audience in the mask clears it', () => {
    const state = createParticipantState('participant1::1220aa');
    commit(state, planCreateIdentityProvider(config('idp1', { audience: 'aud' })));
    commit(
      state,
      planUpdateIdentityProvider({
        ...config('idp1', { issuer: 'https://new.example', isDeactivated: true, audience: '' }),
        updateMask: { paths: ['is_deactivated', 'audience'] },
      }),
    );
    expect(getIdentityProvider(state, 'idp1')).toMatchObject({
      isDeactivated: true,
      issuer: 'https://idp1.example',
      audience: '',
    });
    commit(
      state,
      planUpdateIdentityProvider({
        identityProviderConfig: { identityProviderId: 'idp1', issuer: 'https://new.example' },
        updateMask: { paths: ['issuer', 'jwks_url'] },
      }),
    );
    expect(getIdentityProvider(state, 'idp1')).toMatchObject({
      issuer: 'https://new.example',
      jwksUrl: 'https://idp1.example/jwks',
    });
  });

  test('refuses an unknown provider, a taken issuer and a bad mask', () => {
    const state = createParticipantState('participant1::1220aa');
    commit(state, planCreateIdentityProvider(config('idp1')));
    commit(state, planCreateIdentityProvider(config('idp2')));
    const update = (id: string, paths: string[], issuer = '') =>
      codeOf(() =>
        commit(
          state,
          planUpdateIdentityProvider({
            identityProviderConfig: { identityProviderId: id, issuer },
            updateMask: { paths },
          }),
        ),
      );
    expect(update('ghost', ['issuer'], 'https://x.example')).toBe('IDP_CONFIG_NOT_FOUND');
    expect(update('idp2', ['issuer'], 'https://idp1.example')).toBe(
      'IDP_CONFIG_ISSUER_ALREADY_EXISTS',
    );
    const ownIssuer = planUpdateIdentityProvider({
      identityProviderConfig: { identityProviderId: 'idp2', issuer: 'https://idp2.example' },
      updateMask: { paths: ['issuer'] },
    });
    expect(() => commit(state, ownIssuer)).not.toThrow();
    expect(update('idp2', ['name'])).toBe('INVALID_IDENTITY_PROVIDER_UPDATE_REQUEST');
  });
});

describe('deleting identity providers', () => {
  test('removes the config without touching its users; deleting again is not found', () => {
    const state = createParticipantState('participant1::1220aa');
    commit(state, planCreateIdentityProvider(config('idp1')));
    commit(state, planCreateUser({ user: { id: 'u', identityProviderId: 'idp1' } }));
    commit(state, planDeleteIdentityProvider({ identityProviderId: 'idp1' }));
    expect(listIdentityProviders(state)).toEqual([]);
    expect(getUser(state, { userId: 'u', identityProviderId: 'idp1' }).id).toBe('u');
    expect(() => commit(state, planDeleteIdentityProvider({ identityProviderId: 'idp1' }))).toThrow(
      'deleting identity provider config failed for unknown identity provider id="idp1"',
    );
  });
});
