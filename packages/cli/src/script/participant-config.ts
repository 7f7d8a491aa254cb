/** Where one participant's JSON Ledger API is, and the token to call it with. */
export type ParticipantAddress = {
  readonly url: string;
  readonly token: string | undefined;
  readonly userId: string | undefined;
};

/**
 * `--participant-config FILE`, in `dpm script`'s shape: `default_participant`, `participants`
 * by name (each `{host, port}` or our `{url}`, with `access_token`, `user_id`), and
 * `party_participants` (the participant each party already known is on).
 */
export type ParticipantConfig = {
  readonly defaultParticipant: ParticipantAddress | null;
  readonly participants: ReadonlyMap<string, ParticipantAddress>;
  readonly partyParticipants: ReadonlyMap<string, string>;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function addressOf(what: string, value: unknown): ParticipantAddress {
  if (!isObject(value)) throw new Error(`${what} must be an object`);
  const text = (key: string) => {
    const found = value[key];
    if (found === undefined) return undefined;
    if (typeof found !== 'string' && typeof found !== 'number')
      throw new Error(`${what}.${key} must be text`);
    return String(found);
  };
  const url =
    text('url') ??
    (text('host') && text('port') ? `http://${text('host')}:${text('port')}` : undefined);
  if (url === undefined) throw new Error(`${what} needs url, or host and port`);
  return { url, token: text('access_token'), userId: text('user_id') };
}

export function readParticipantConfig(json: unknown): ParticipantConfig {
  if (!isObject(json)) throw new Error('the participant config must be a JSON object');
  const participants = new Map<string, ParticipantAddress>();
  const named = json.participants ?? {};
  if (!isObject(named)) throw new Error('participants must be an object');
  for (const [name, value] of Object.entries(named)) {
    participants.set(name, addressOf(`participants.${name}`, value));
  }
  const partyParticipants = new Map<string, string>();
  const parties = json.party_participants ?? {};
  if (!isObject(parties)) throw new Error('party_participants must be an object');
  for (const [party, name] of Object.entries(parties)) {
    if (typeof name !== 'string' || !participants.has(name)) {
      throw new Error(`party_participants.${party} names no participant of the config`);
    }
    partyParticipants.set(party, name);
  }
  const fallback = json.default_participant;
  return {
    defaultParticipant: fallback === undefined ? null : addressOf('default_participant', fallback),
    participants,
    partyParticipants,
  };
}
