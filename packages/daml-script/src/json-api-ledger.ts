import { decodeDalf } from '@pocketnet/daml-lf';
import { createJsonApiClient, LedgerApiError } from './json-api-client.ts';
import {
  type CreatedJson,
  commandJson,
  type Json,
  rightJson,
  rightOfJson,
  transactionOfEvents,
  userOfJson,
} from './json-api-values.ts';
import type { ScriptContract, ScriptLedger, ScriptPackageRef } from './script-ledger.ts';

export type JsonApiLedgerOptions = {
  /** `http://host:port` of the node's JSON Ledger API. */
  readonly url: string;
  readonly token?: string | undefined;
  /** The user submissions are made as (the token's user when it names one). */
  readonly userId: string;
  /**
   * `static` (the default): the node's devnet time machine is the script's clock, `sleep` moves
   * it on; `wall`: the node runs on the wall clock, `sleep` waits and `setTime` is refused.
   */
  readonly time?: 'static' | 'wall';
};

/** `pocketnet script`'s ledger: a running node's JSON Ledger API (v2), as `dpm script` uses it. */
export { LedgerApiError };

export function createJsonApiLedger(options: JsonApiLedgerOptions): ScriptLedger {
  let commands = 0;
  const { call, bytes } = createJsonApiClient(options);
  const unlessUserMissing = async <T>(run: () => Promise<T>): Promise<T | null> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof LedgerApiError && error.code === 'USER_NOT_FOUND') return null;
      throw error;
    }
  };
  const activeContracts = async (parties: readonly string[], filter: Json) => {
    const end = await call('GET', '/v2/state/ledger-end');
    const entries = (await call('POST', '/v2/state/active-contracts', {
      eventFormat: {
        filtersByParty: Object.fromEntries(
          parties.map((party) => [party, { cumulative: [{ identifierFilter: filter }] }]),
        ),
        verbose: true,
      },
      activeAtOffset: end.offset,
    })) as unknown as { contractEntry?: { JsActiveContract?: { createdEvent: CreatedJson } } }[];
    const seen = new Map<string, CreatedJson>();
    for (const entry of entries) {
      const event = entry.contractEntry?.JsActiveContract?.createdEvent;
      if (event) seen.set(event.contractId, event);
    }
    return [...seen.values()];
  };
  const wallClock = options.time === 'wall';
  const packageRefs = (refs: readonly ScriptPackageRef[]) =>
    refs.map((ref) => ({ packageName: ref.name, packageVersion: ref.version }));
  const devnetTime = async () =>
    BigInt(String((await call('GET', '/api/devnet/v0/time')).now_micros));
  return {
    async allocateParty(hint) {
      const body = hint
        ? { partyIdHint: hint, identityProviderId: '' }
        : { identityProviderId: '' };
      const { partyDetails } = await call('POST', '/v2/parties', body);
      return String((partyDetails as Json).party);
    },
    async listKnownParties() {
      const { partyDetails } = await call('GET', '/v2/parties');
      return (partyDetails as Json[]).map((details) => ({
        party: String(details.party),
        isLocal: details.isLocal === true,
      }));
    },
    async submit(submission) {
      commands += 1;
      const parties = [...new Set([...submission.actAs, ...submission.readAs])];
      try {
        const { transaction } = await call('POST', '/v2/commands/submit-and-wait-for-transaction', {
          commands: {
            commands: submission.commands.map(commandJson),
            commandId: `daml-script-${Date.now()}-${commands}`,
            userId: options.userId,
            actAs: submission.actAs,
            readAs: submission.readAs,
            disclosedContracts: submission.disclosures.map((disclosure) => ({
              templateId: disclosure.templateId,
              contractId: disclosure.contractId,
              createdEventBlob: disclosure.blob,
              synchronizerId: '',
            })),
          },
          transactionFormat: {
            eventFormat: {
              filtersByParty: Object.fromEntries(parties.map((party) => [party, {}])),
              verbose: true,
            },
            transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
          },
        });
        const events = ((transaction as Json).events ?? []) as Json[];
        return { ok: true, transaction: transactionOfEvents(events) };
      } catch (error) {
        if (!(error instanceof LedgerApiError) || error.status >= 500) throw error;
        const { code, message, details } = error;
        return { ok: false, failure: { code, message, details } };
      }
    },
    async query(parties, templateId) {
      const events = await activeContracts(parties, {
        TemplateFilter: { value: { templateId, includeCreatedEventBlob: true } },
      });
      return events
        .filter((event) => event.templateId === templateId)
        .map(
          (event): ScriptContract => ({
            contractId: event.contractId,
            templateId: event.templateId,
            payload: event.createArgument,
            createdEventBlob: event.createdEventBlob ?? '',
          }),
        );
    },
    async queryInterface(parties, interfaceId) {
      const events = await activeContracts(parties, {
        InterfaceFilter: {
          value: { interfaceId, includeInterfaceView: true, includeCreatedEventBlob: false },
        },
      });
      return events.map((event) => ({
        contractId: event.contractId,
        view: event.interfaceViews?.[0]?.viewValue ?? null,
      }));
    },
    // The node's time as its devnet time machine tells and moves it (static time).
    getTime: devnetTime,
    async setTime(micros) {
      if (wallClock) throw new Error('setTime is not supported in wall-clock time mode');
      const now = await devnetTime();
      if (micros < now) {
        throw new Error(
          `the node's time is ${new Date(Number(now / 1000n)).toISOString()}: it cannot be set back to ${new Date(Number(micros / 1000n)).toISOString()} (time only moves forward on a running node)`,
        );
      }
      const seconds = Number(micros - now) / 1_000_000;
      await call('POST', '/api/devnet/v0/time/advance', { seconds });
    },
    async sleep(micros) {
      if (wallClock) {
        await new Promise((done) => setTimeout(done, Number(micros / 1000n)));
        return;
      }
      await call('POST', '/api/devnet/v0/time/advance', { seconds: Number(micros) / 1_000_000 });
    },
    async listPackages(which) {
      const { vettedPackages } = await call('POST', '/v2/package-vetting/list', {});
      const vetted = new Map<string, ScriptPackageRef>();
      for (const entry of vettedPackages as Json[]) {
        for (const ref of (entry.packages ?? []) as Json[]) {
          const found = { name: String(ref.packageName), version: String(ref.packageVersion) };
          vetted.set(String(ref.packageId), found);
        }
      }
      if (which === 'vetted') return [...vetted.values()];
      // The Ledger API names only vetted packages: an unvetted one is read from its archive.
      const { packageIds } = await call('GET', '/v2/packages');
      const refs: ScriptPackageRef[] = [];
      for (const packageId of packageIds as string[]) {
        const known = vetted.get(packageId);
        if (known !== undefined) {
          refs.push(known);
          continue;
        }
        const { metadata } = decodeDalf(await bytes(`/v2/packages/${packageId}`));
        refs.push({ name: metadata.name, version: metadata.version });
      }
      return refs;
    },
    async updateVetting(operation, refs) {
      const change = { packages: packageRefs(refs) };
      await call('POST', '/v2/package-vetting', {
        changes: [
          {
            operation:
              operation === 'vet' ? { Vet: { value: change } } : { Unvet: { value: change } },
          },
        ],
        dryRun: false,
      });
    },
    async createUser(user, rights) {
      try {
        await call('POST', '/v2/users', {
          user: {
            id: user.userId,
            primaryParty: user.primaryParty ?? '',
            isDeactivated: false,
            identityProviderId: '',
          },
          rights: rights.map(rightJson),
        });
        return 'ok';
      } catch (error) {
        if (error instanceof LedgerApiError && error.code === 'USER_ALREADY_EXISTS')
          return 'exists';
        throw error;
      }
    },
    getUser: (userId) =>
      unlessUserMissing(async () => {
        const { user } = await call('GET', `/v2/users/${encodeURIComponent(userId)}`);
        return userOfJson(user as Json);
      }),
    async listUsers() {
      const { users } = await call('GET', '/v2/users');
      return (users as Json[]).map(userOfJson);
    },
    async deleteUser(userId) {
      const deleted = await unlessUserMissing(async () => {
        await call('DELETE', `/v2/users/${encodeURIComponent(userId)}`);
        return true;
      });
      return deleted ?? false;
    },
    grantUserRights: (userId, rights) =>
      unlessUserMissing(async () => {
        const path = `/v2/users/${encodeURIComponent(userId)}/rights`;
        const answer = await call('POST', path, { userId, rights: rights.map(rightJson) });
        return ((answer.newlyGrantedRights ?? []) as Json[]).flatMap(rightOfJson);
      }),
    revokeUserRights: (userId, rights) =>
      unlessUserMissing(async () => {
        const path = `/v2/users/${encodeURIComponent(userId)}/rights`;
        const answer = await call('PATCH', path, { userId, rights: rights.map(rightJson) });
        return ((answer.newlyRevokedRights ?? []) as Json[]).flatMap(rightOfJson);
      }),
    listUserRights: (userId) =>
      unlessUserMissing(async () => {
        const answer = await call('GET', `/v2/users/${encodeURIComponent(userId)}/rights`);
        return ((answer.rights ?? []) as Json[]).flatMap(rightOfJson);
      }),
  };
}
