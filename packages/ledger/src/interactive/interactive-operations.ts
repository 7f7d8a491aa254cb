import type { Clock } from '../clock.ts';
import type { Command, DeduplicationPeriod, DisclosedContract } from '../commands.ts';
import type { LedgerEngine } from '../engine/engine-types.ts';
import { DomainError } from '../errors.ts';
import type { CantonSignature } from '../external/signatures.ts';
import { sha256Hex } from '../ids/hash.ts';
import type { JournalRecord } from '../transaction.ts';
import { createUndoLog, type UndoLog } from '../undo/undo-log.ts';
import { undoableSet } from '../undo/undoable-collections.ts';
import { planExecution } from './execute-plan.ts';
import { hashPreparedTransactionV2 } from './hashing-v2.ts';
import { invalid, requireSchemeV2 } from './interactive-errors.ts';
import { verifyPartySignatures } from './party-signatures.ts';
import { prepareSubmission } from './prepare.ts';
import { decodePreparedTransaction, type ProtoPreparedTransaction } from './prepared-proto.ts';
import { rootCommandOf } from './root-command.ts';

export type PrepareSubmission = {
  readonly userId: string;
  readonly commandId: string;
  readonly commands: readonly Command[];
  readonly actAs: readonly string[];
  readonly readAs: readonly string[];
  readonly disclosedContracts: readonly DisclosedContract[];
  readonly synchronizerId: string | null;
  readonly minLedgerTimeMicros: bigint | null;
  readonly maxRecordTimeMicros: bigint | null;
  readonly hashingSchemeVersion?: string | undefined;
  readonly verboseHashing?: boolean | undefined;
};

type SignatureJson = {
  readonly format: string;
  readonly signature: string;
  readonly signedBy: string;
  readonly signingAlgorithmSpec: string;
};

export type ExecuteSubmission = {
  /** The PreparedTransaction, base64, as prepare returned it (or as a client rebuilt it). */
  readonly preparedTransaction: string;
  readonly partySignatures: readonly {
    readonly party: string;
    readonly signatures: readonly SignatureJson[];
  }[];
  readonly submissionId: string;
  readonly userId: string;
  readonly deduplicationPeriod: DeduplicationPeriod;
  readonly hashingSchemeVersion: string;
  /** Canton's `min_ledger_time` of the execute request: a lower bound for the ledger time. */
  readonly minLedgerTimeMicros?: bigint | null | undefined;
};

/** A UUID (version 4 layout) from a hex digest. */
function uuidOf(hex: string): string {
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 3) | 8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function signaturesOf(request: ExecuteSubmission): Map<string, CantonSignature[]> {
  const byParty = new Map<string, CantonSignature[]>();
  for (const { party, signatures } of request.partySignatures) {
    const decoded = signatures.map((json) => ({
      ...json,
      signature: Buffer.from(json.signature, 'base64'),
    }));
    byParty.set(party, [...(byParty.get(party) ?? []), ...decoded]);
  }
  return byParty;
}

/**
 * Interactive submission: prepare interprets now and returns Canton's PreparedTransaction and
 * its V2 hash; execute verifies every submitter's signatures and commits exactly what was
 * prepared, or nothing. Executed transactions are remembered (from the journal) by UUID.
 */
export function createInteractiveSubmissions(deps: {
  readonly engine: LedgerEngine;
  readonly synchronizerId: string;
  readonly clock: Clock;
  /** The node's undo log, which what is executed and prepared records into (issue 23). */
  readonly undo?: UndoLog;
}) {
  const { engine, synchronizerId } = deps;
  const undo = deps.undo ?? createUndoLog();
  const executed = undoableSet<string>(undo);
  // A live run's count of prepares (it seeds transaction UUIDs): a restart starts it at 0 again.
  const counted = { prepared: 0 };
  if (deps.undo) {
    undo.section<readonly string[]>(`ledger.interactive.${engine.participant.participantId}`, {
      save: () => [...executed],
      restore(saved) {
        for (const transactionUuid of saved) executed.add(transactionUuid);
      },
    });
  }

  /** The decoded transaction and its submitters, for the caller's rights check. */
  function inspect(preparedTransaction: string) {
    const decoded = decodePreparedTransaction(Buffer.from(preparedTransaction, 'base64'));
    if (decoded === null) throw invalid('The prepared transaction could not be decoded');
    const actAs = decoded.metadata?.submitterInfo?.actAs ?? [];
    if (actAs.length === 0) throw invalid('The prepared transaction names no submitting party');
    return { decoded, actAs, commandId: decoded.metadata?.submitterInfo?.commandId ?? '' };
  }

  function commandOf(decoded: ProtoPreparedTransaction) {
    const requested = decoded.metadata?.synchronizerId ?? '';
    if (requested !== synchronizerId) {
      throw new DomainError(
        'NO_SYNCHRONIZER_FOR_SUBMISSION',
        `No valid synchronizer for submission found: the participant is not connected to synchronizer ${requested}`,
      );
    }
    return rootCommandOf(decoded.transaction ?? {});
  }

  return {
    inspect,
    /** Every committed (or replayed) record passes here, in order. */
    observe(record: JournalRecord): void {
      if (record.type === 'transaction' && record.external !== undefined) {
        executed.add(record.external.transactionUuid);
      }
    },
    prepare(request: PrepareSubmission) {
      undo.assign(counted, 'prepared', counted.prepared + 1);
      const { prepared } = counted;
      const nowMicros = deps.clock.nowMicros();
      const seed = [
        engine.participant.participantId,
        request.userId,
        request.commandId,
        nowMicros,
        engine.ledgerEnd(),
        prepared,
      ];
      const result = prepareSubmission(request, {
        packages: engine.packages,
        contracts: engine.contracts,
        participant: engine.participant,
        synchronizerId,
        nowMicros,
        transactionUuid: uuidOf(sha256Hex(['transaction-uuid', ...seed])),
      });
      return {
        preparedTransaction: result.bytes.toString('base64'),
        preparedTransactionHash: result.hash.toString('base64'),
        hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2',
        ...(result.hashingDetails === null ? {} : { hashingDetails: result.hashingDetails }),
      };
    },
    /** `wait`: resolves with the transaction or throws the verdict; `async`: a rejection commits. */
    async execute(request: ExecuteSubmission, mode: 'wait' | 'async') {
      const { decoded, actAs, commandId } = inspect(request.preparedTransaction);
      requireSchemeV2(request.hashingSchemeVersion);
      const command = commandOf(decoded);
      const hash = hashPreparedTransactionV2(decoded);
      const externalParties = engine.participant.externalParties;
      verifyPartySignatures({ hash, actAs, signatures: signaturesOf(request), externalParties });
      const submission = {
        commands: [command],
        userId: request.userId,
        commandId,
        submissionId: request.submissionId,
        workflowId: '',
        actAs,
        readAs: [],
        deduplicationPeriod: request.deduplicationPeriod,
        disclosedContracts: [],
        synchronizerId: null,
        minLedgerTimeMicros: null,
      };
      const plan = planExecution({
        prepared: decoded,
        hash: hash.toString('hex'),
        command,
        actAs,
        userId: request.userId,
        submissionId: request.submissionId,
        mode,
        executed,
        minLedgerTimeMicros: request.minLedgerTimeMicros ?? null,
      });
      return engine.commitPlanned(submission, plan);
    },
  };
}

export type InteractiveSubmissions = ReturnType<typeof createInteractiveSubmissions>;
