import { describe, expect, it } from 'vitest';
import { readParticipantConfig } from './participant-config.ts';

describe('--participant-config', () => {
  it("reads dpm script's shape: a default, participants by name, parties' participants", () => {
    const config = readParticipantConfig({
      default_participant: { host: 'localhost', port: 7575, access_token: 'sv' },
      participants: {
        provider: { url: 'http://localhost:3975', user_id: 'app-provider' },
        user: { host: '127.0.0.1', port: '2975' },
      },
      party_participants: { 'alice::1220ab': 'provider' },
    });
    expect(config.defaultParticipant).toEqual({
      url: 'http://localhost:7575',
      token: 'sv',
      userId: undefined,
    });
    expect(config.participants.get('provider')).toEqual({
      url: 'http://localhost:3975',
      token: undefined,
      userId: 'app-provider',
    });
    expect(config.participants.get('user')?.url).toBe('http://127.0.0.1:2975');
    expect(config.partyParticipants.get('alice::1220ab')).toBe('provider');
  });

  it('refuses a party on a participant it does not name, and an address without a place', () => {
    expect(() =>
      readParticipantConfig({ participants: {}, party_participants: { alice: 'nowhere' } }),
    ).toThrow('party_participants.alice names no participant of the config');
    expect(() => readParticipantConfig({ participants: { p: { host: 'x' } } })).toThrow(
      'participants.p needs url, or host and port',
    );
  });
});
