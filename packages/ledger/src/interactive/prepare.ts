import type { Command, DisclosedContract } from '../commands.ts';
import type { ContractStore } from '../contract.ts';
import { DomainError, domainError } from '../errors.ts';
import { sha256Hex } from '../ids/hash.ts';
import { createContractId } from '../ids/ledger-ids.ts';
import { interpret } from '../interpreter/interpret.ts';
import type { PackageRegistry } from '../packages/registry.ts';
import type { ParticipantState } from '../participant/participant-state.ts';
import { hashMetadataV2, hashPreparedTransactionV2, hashTransactionV2 } from './hashing-v2.ts';
import { invalid, requireSchemeV2 } from './interactive-errors.ts';
import { encodePreparedTransaction, type ProtoPreparedTransaction } from './prepared-proto.ts';
import { preparedTransactionOf } from './prepared-transaction.ts';
import { createRecordingStore } from './recording-store.ts';

export type PrepareRequest = {
  readonly commands: readonly Command[];
  readonly actAs: readonly string[];
  readonly readAs: readonly string[];
  readonly disclosedContracts: readonly DisclosedContract[];
  readonly commandId: string;
  readonly synchronizerId: string | null;
  readonly minLedgerTimeMicros: bigint | null;
  readonly maxRecordTimeMicros: bigint | null;
  /** Package ids `#name:…` references use before the highest vetted version of the name. */
  readonly packageIdSelectionPreference?: readonly string[] | undefined;
  readonly hashingSchemeVersion?: string | undefined;
  readonly verboseHashing?: boolean | undefined;
};

export type PrepareContext = {
  readonly packages: PackageRegistry;
  readonly contracts: ContractStore;
  readonly participant: ParticipantState;
  readonly synchronizerId: string;
  readonly nowMicros: bigint;
  readonly transactionUuid: string;
};

export type PreparedSubmission = {
  readonly prepared: ProtoPreparedTransaction;
  readonly bytes: Buffer;
  /** The 32-byte hash the parties sign (hashing scheme V2). */
  readonly hash: Buffer;
  readonly hashingDetails: string | null;
};

/** The seed of an externally signed transaction's ids: its UUID, which is signed with it. */
export const transactionSeed = (transactionUuid: string): string =>
  sha256Hex(['external-transaction', transactionUuid]);

function checkRequest(request: PrepareRequest, context: PrepareContext): void {
  if (request.commands.length !== 1) {
    throw invalid('Preparing multiple commands is currently not supported');
  }
  if (request.commandId === '') {
    throw domainError(
      'MISSING_FIELD',
      'The submitted command is missing a mandatory field: command_id',
      {
        field_name: 'command_id',
      },
    );
  }
  if (request.actAs.length === 0) {
    throw domainError(
      'MISSING_FIELD',
      'The submitted command is missing a mandatory field: act_as',
      {
        field_name: 'act_as',
      },
    );
  }
  const unhosted = request.actAs.filter(
    (party) => context.participant.parties.get(party)?.isLocal !== true,
  );
  if (unhosted.length > 0) {
    throw new DomainError(
      'NO_SYNCHRONIZER_FOR_SUBMISSION',
      'This participant cannot submit as the given submitter on any connected synchronizer',
      { details: { unknownSubmitters: unhosted.join(', ') } },
    );
  }
  const requested = request.synchronizerId;
  if (requested !== null && requested !== '' && requested !== context.synchronizerId) {
    throw new DomainError(
      'NO_SYNCHRONIZER_FOR_SUBMISSION',
      `No valid synchronizer for submission found: the participant is not connected to synchronizer ${requested}`,
      { details: { synchronizerId: requested } },
    );
  }
  requireSchemeV2(request.hashingSchemeVersion);
}

function hashingDetailsOf(prepared: ProtoPreparedTransaction, hash: Buffer): string {
  return [
    'Hashing scheme version: HASHING_SCHEME_VERSION_V2',
    `Transaction hash: ${hashTransactionV2(prepared.transaction ?? {}).toString('hex')}`,
    `Metadata hash: ${hashMetadataV2(prepared.metadata ?? {}).toString('hex')}`,
    `Prepared transaction hash: ${hash.toString('hex')}`,
  ].join('\n');
}

/**
 * Interprets a command now, without committing anything, and renders the result as Canton's
 * PreparedTransaction with the hash its submitters sign. Interpretation runs at the
 * preparation time (or the requested minimum ledger time, when later); what it found out about
 * the ledger time becomes the metadata's min/max ledger effective time, as Canton writes its
 * interpretation's time boundaries there. Execution picks its ledger time within them.
 */
export function prepareSubmission(
  request: PrepareRequest,
  context: PrepareContext,
): PreparedSubmission {
  checkRequest(request, context);
  const min = request.minLedgerTimeMicros;
  const ledgerTimeMicros = min !== null && min > context.nowMicros ? min : context.nowMicros;
  const seed = transactionSeed(context.transactionUuid);
  const recording = createRecordingStore(context.contracts);
  const result = interpret({
    packages: context.packages,
    selection: {
      preferred: request.packageIdSelectionPreference ?? [],
      unvetted: context.participant.vetting.unvetted,
    },
    contracts: recording.store,
    commands: request.commands,
    actAs: request.actAs,
    readAs: request.readAs,
    disclosed: request.disclosedContracts,
    ledgerTimeMicros,
    newContractId: (nodeId) => createContractId(seed, nodeId),
    isKnownParty: (party) => context.participant.parties.has(party),
  });
  if (result.rootNodeIds.length !== 1) {
    throw invalid('Transaction with multiple root nodes are not supported');
  }
  const prepared = preparedTransactionOf({
    packages: context.packages,
    nodes: result.nodes,
    rootNodeIds: result.rootNodeIds,
    seed,
    inputContracts: recording.inputs(),
    metadata: {
      actAs: request.actAs,
      commandId: request.commandId,
      transactionUuid: context.transactionUuid,
      synchronizerId: context.synchronizerId,
      preparationMicros: context.nowMicros,
      minLedgerEffectiveMicros: result.timeBounds.min,
      maxLedgerEffectiveMicros: result.timeBounds.max,
      maxRecordMicros: request.maxRecordTimeMicros,
    },
  });
  const hash = hashPreparedTransactionV2(prepared);
  return {
    prepared,
    bytes: encodePreparedTransaction(prepared),
    hash,
    hashingDetails: request.verboseHashing ? hashingDetailsOf(prepared, hash) : null,
  };
}
