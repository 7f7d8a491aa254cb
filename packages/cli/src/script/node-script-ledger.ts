import type { LfValue } from '@pocketnet/daml-lf';
import type {
  ScriptContract,
  ScriptLedger,
  ScriptUser,
  ScriptUserRight,
  SubmitOutcome,
} from '@pocketnet/daml-script';
import { encodeContractBlob, isDomainError, type UserRight } from '@pocketnet/ledger';
import {
  type Caller,
  type EventFilter,
  type PartyFilter,
  type PocketnetNode,
  unrestrictedCaller,
} from '@pocketnet/runtime';

const caller: Caller = unrestrictedCaller;

const toNodeRight = (right: ScriptUserRight): UserRight => {
  switch (right.kind) {
    case 'participantAdmin':
      return { kind: 'ParticipantAdmin' };
    case 'canActAs':
      return { kind: 'CanActAs', party: right.party };
    case 'canReadAs':
      return { kind: 'CanReadAs', party: right.party };
    case 'canReadAsAnyParty':
      return { kind: 'CanReadAsAnyParty' };
  }
};

const fromNodeRights = (rights: readonly UserRight[]): ScriptUserRight[] =>
  rights.flatMap((right): ScriptUserRight[] => {
    switch (right.kind) {
      case 'ParticipantAdmin':
        return [{ kind: 'participantAdmin' }];
      case 'CanActAs':
        return [{ kind: 'canActAs', party: right.party }];
      case 'CanReadAs':
        return [{ kind: 'canReadAs', party: right.party }];
      case 'CanReadAsAnyParty':
        return [{ kind: 'canReadAsAnyParty' }];
      default:
        return [];
    }
  });

/** The Daml exception a refused submission's error carries when the engine raised it here. */
function exceptionOf(error: unknown): LfValue | undefined {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause.name === 'UnhandledException') {
      return (cause as Error & { exception: LfValue }).exception;
    }
  }
  return undefined;
}

/** A missing user is an answer (None) to a script, not a failure. */
async function unlessUserMissing<T>(run: () => Promise<T> | T): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (isDomainError(error) && error.code === 'USER_NOT_FOUND') return null;
    throw error;
  }
}

/**
 * The in-memory ledger `pocketnet test` runs scripts on: the node's own services, so every
 * submission is interpreted, authorized and committed by its engine, and every query sees
 * what the Ledger API would show the parties.
 */
export function createNodeScriptLedger(node: PocketnetNode, userId: string): ScriptLedger {
  let commands = 0;
  const filterFor = (parties: readonly string[], partyFilter: PartyFilter): EventFilter => ({
    byParty: new Map(parties.map((party) => [party, partyFilter])),
    anyParty: null,
    verbose: true,
  });
  const user = (entry: { id: string; primaryParty: string }): ScriptUser => ({
    userId: entry.id,
    primaryParty: entry.primaryParty === '' ? null : entry.primaryParty,
  });
  return {
    async allocateParty(hint) {
      const details = await node.admin.allocateParty(caller, hint ? { partyIdHint: hint } : {});
      return details.party;
    },
    async listKnownParties() {
      const { partyDetails } = node.admin.listParties(caller, {});
      return partyDetails.map((details) => ({ party: details.party, isLocal: details.isLocal }));
    },
    async submit(submission): Promise<SubmitOutcome> {
      commands += 1;
      const commandId = `daml-script-${commands}`;
      try {
        const transaction = await node.commands.submitAndWait(caller, {
          commands: submission.commands,
          userId,
          commandId,
          submissionId: commandId,
          workflowId: '',
          actAs: submission.actAs,
          readAs: submission.readAs,
          deduplicationPeriod: { kind: 'empty' },
          disclosedContracts: submission.disclosures.map((disclosure) => ({
            templateId: disclosure.templateId,
            contractId: disclosure.contractId,
            createdEventBlob: disclosure.blob,
            synchronizerId: null,
          })),
          synchronizerId: null,
          minLedgerTimeMicros: null,
        });
        return { ok: true, transaction };
      } catch (error) {
        if (!isDomainError(error)) throw error;
        const exception = exceptionOf(error);
        const failure = { code: error.code, message: error.message, details: error.details };
        return { ok: false, failure: exception ? { ...failure, exception } : failure };
      }
    },
    async query(parties, templateId) {
      const key = node.catalog.keyOfTemplateId(templateId);
      const partyFilter: PartyFilter = {
        wildcard: null,
        templates: new Map([[key, { includeCreatedEventBlob: true }]]),
        interfaces: new Map(),
      };
      const offset = node.reads.ledgerEnd(caller);
      return node.reads
        .activeContracts(caller, filterFor(parties, partyFilter), offset)
        .filter((view) => view.event.node.templateId === templateId)
        .map(
          (view): ScriptContract => ({
            contractId: view.event.node.contractId,
            templateId: view.event.node.templateId,
            payload: view.event.node.createArgument,
            createdEventBlob: encodeContractBlob(view.event.node as never),
          }),
        );
    },
    async queryInterface(parties, interfaceId) {
      const key = node.catalog.keyOfReference(interfaceId);
      const partyFilter: PartyFilter = {
        wildcard: null,
        templates: new Map(),
        interfaces: new Map([
          [key, { includeInterfaceView: true, includeCreatedEventBlob: false }],
        ]),
      };
      const offset = node.reads.ledgerEnd(caller);
      return node.reads
        .activeContracts(caller, filterFor(parties, partyFilter), offset)
        .map((view) => {
          const { event } = view;
          const views = event.kind === 'created' ? event.interfaceViews : [];
          return { contractId: event.node.contractId, view: views[0]?.viewValue ?? null };
        });
    },
    async getTime() {
      return node.clock.nowMicros();
    },
    async setTime(micros) {
      if (node.clock.kind === 'wall') {
        throw new Error('setTime is not supported in wall-clock time mode');
      }
      node.clock.setTo(micros);
    },
    async sleep(micros) {
      if (node.clock.kind === 'wall') {
        await new Promise((done) => setTimeout(done, Number(micros / 1000n)));
      } else {
        node.clock.advance(micros);
      }
    },
    async listPackages(which) {
      const summaries =
        which === 'all'
          ? node.packageAdmin.list(caller)
          : node.packageAdmin
              .vetted(caller, {})
              .slice(0, 1)
              .flatMap((vetted) => vetted.packages)
              .map((ref) => ({ name: ref.packageName, version: ref.packageVersion }));
      return summaries.map((summary) => ({ name: summary.name, version: summary.version }));
    },
    async updateVetting(operation, packages) {
      await node.packageAdmin.updateVetting(caller, {
        changes: [
          {
            operation,
            packages: packages.map((ref) => ({
              packageName: ref.name,
              packageVersion: ref.version,
            })),
          },
        ],
        dryRun: false,
        expectedSerial: null,
      });
    },
    async createUser(script, rights) {
      try {
        await node.admin.createUser(caller, {
          user: { id: script.userId, primaryParty: script.primaryParty ?? undefined },
          rights: rights.map(toNodeRight),
        });
        return 'ok';
      } catch (error) {
        if (isDomainError(error) && error.code === 'USER_ALREADY_EXISTS') return 'exists';
        throw error;
      }
    },
    async getUser(id) {
      return unlessUserMissing(() => user(node.admin.getUser(caller, { userId: id })));
    },
    async listUsers() {
      return node.admin.listUsers(caller, {}).users.map(user);
    },
    async deleteUser(id) {
      const deleted = await unlessUserMissing(async () => {
        await node.admin.deleteUser(caller, { userId: id });
        return true;
      });
      return deleted ?? false;
    },
    async grantUserRights(id, rights) {
      return unlessUserMissing(async () => {
        const granted = await node.admin.grantUserRights(caller, {
          userId: id,
          rights: rights.map(toNodeRight),
        });
        return fromNodeRights(granted);
      });
    },
    async revokeUserRights(id, rights) {
      return unlessUserMissing(async () => {
        const revoked = await node.admin.revokeUserRights(caller, {
          userId: id,
          rights: rights.map(toNodeRight),
        });
        return fromNodeRights(revoked);
      });
    },
    async listUserRights(id) {
      return unlessUserMissing(() =>
        fromNodeRights(node.admin.listUserRights(caller, { userId: id })),
      );
    },
  };
}
