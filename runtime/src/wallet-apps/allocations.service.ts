import { DomainError, formatTime, parseNumeric } from '@pocketnet/ledger';
import type { spliceVocabulary } from '@pocketnet/splice';
import type { Scan } from '../scan/create-scan.ts';
import type { Caller } from '../services/caller.ts';
import {
  allocationFactory,
  allocationInterface,
  amuletAllocationTemplate,
} from '../vocabulary/splice-templates.ts';
import { toInterfaceContractId } from '../vocabulary/splice-types.ts';
import { exerciseOf, type ResultOf, resultOf } from '../vocabulary/typed-commands.ts';
import type { NetworkContext } from '../wallet/network-context.ts';
import type { WalletActions } from '../wallet/wallet-batch.ts';
import { rootResult, type WalletSubmit } from '../wallet/wallet-submitter.ts';
import { type ContractView, contractView } from '../wallet/wallet-views.ts';
import { type AppAccess, partyOf } from './app-access.ts';

type Holding = spliceVocabulary.splice_api_token_holding_v1.Splice.Api.Token.HoldingV1.Holding;
const allocate = allocationFactory.choices.AllocationFactory_Allocate;
const withdrawAllocation = allocationInterface.choices.Allocation_Withdraw;
const sender = partyOf(
  amuletAllocationTemplate,
  (allocation) => allocation.allocation.transferLeg.sender,
);

export type AllocateAmulet = {
  readonly executor: string;
  readonly settlementRef: { readonly id: string; readonly cid?: string | undefined };
  readonly requestedAtMicros: bigint;
  readonly allocateBeforeMicros: bigint;
  readonly settleBeforeMicros: bigint;
  readonly settlementMeta: Readonly<Record<string, string>>;
  readonly transferLegId: string;
  readonly receiver: string;
  readonly amount: string;
  readonly legMeta: Readonly<Record<string, string>>;
};

export type AllocationOutcome = {
  readonly output:
    | { readonly kind: 'pending'; readonly allocationInstructionCid: string }
    | { readonly kind: 'completed'; readonly allocationCid: string }
    | { readonly kind: 'failed' };
  readonly senderChangeCids: readonly string[];
  readonly meta: Readonly<Record<string, string>>;
};

const metaOf = (result: { readonly meta?: { readonly values?: Record<string, string> } }) => ({
  ...(result.meta?.values ?? {}),
});

function outcomeOf(result: ResultOf<typeof allocate>): AllocationOutcome {
  const { output } = result;
  const base = { senderChangeCids: [...(result.senderChangeCids ?? [])], meta: metaOf(result) };
  if (output.tag === 'AllocationInstructionResult_Completed') {
    return {
      output: { kind: 'completed', allocationCid: String(output.value.allocationCid) },
      ...base,
    };
  }
  if (output.tag === 'AllocationInstructionResult_Pending') {
    const allocationInstructionCid = String(output.value.allocationInstructionCid);
    return { output: { kind: 'pending', allocationInstructionCid }, ...base };
  }
  return { output: { kind: 'failed' }, ...base };
}

/**
 * Amulet allocations of the caller (wallet-internal `/v0/allocations`): a leg of a settlement
 * locked through the network's AllocationFactory, listed while it lasts, withdrawn by the
 * sender. Allocation requests are the AllocationRequest interface's, which no package on this
 * node implements: there are none to list or reject.
 */
export function createAllocations(deps: {
  readonly appAccess: AppAccess;
  readonly network: NetworkContext;
  readonly actions: WalletActions;
  readonly scan: () => Scan;
  readonly submit: WalletSubmit;
}) {
  const { appAccess, network } = deps;
  const values = (meta: Readonly<Record<string, string>>) => ({ values: { ...meta } });
  const service = {
    list(caller: Caller): ContractView[] {
      return appAccess.listOwned(caller, 'amuletAllocation', sender).map(contractView);
    },
    async allocate(caller: Caller, request: AllocateAmulet): Promise<AllocationOutcome> {
      const wallet = appAccess.walletOf(caller);
      if (parseNumeric(request.amount) <= 0n) {
        throw new DomainError('INVALID_ARGUMENT', 'The amount of an allocation must be positive');
      }
      const dso = network.dso();
      const factory = deps.scan().registry.allocationFactory();
      const allocation = {
        settlement: {
          executor: request.executor,
          settlementRef: { id: request.settlementRef.id, cid: request.settlementRef.cid ?? null },
          requestedAt: formatTime(request.requestedAtMicros),
          allocateBefore: formatTime(request.allocateBeforeMicros),
          settleBefore: formatTime(request.settleBeforeMicros),
          meta: values(request.settlementMeta),
        },
        transferLegId: request.transferLegId,
        transferLeg: {
          sender: wallet.party,
          receiver: request.receiver,
          amount: request.amount,
          instrumentId: { admin: dso, id: 'Amulet' },
          meta: values(request.legMeta),
        },
      };
      // In the wallet's turn: the inputs are picked once the operations before it committed.
      const record = await deps.actions.inTurn(wallet.party, () => {
        const inputs = deps.actions
          .amuletInputs(wallet.party)
          .map((input) => toInterfaceContractId<Holding>(input.value));
        return deps.submit({
          actAs: [wallet.party],
          readAs: [dso],
          commands: [
            exerciseOf(allocationFactory, factory.factoryId, allocate, {
              expectedAdmin: dso,
              allocation,
              requestedAt: formatTime(network.now()),
              inputHoldingCids: inputs,
              extraArgs: {
                context: { values: factory.choiceContext.values },
                meta: { values: {} },
              },
            }),
          ],
        });
      });
      return outcomeOf(resultOf(allocate, rootResult(record)));
    },
    /** Withdraws an allocation as its sender; the holdings returned to the sender. */
    async withdraw(caller: Caller, contractId: string) {
      const { wallet } = appAccess.owned(caller, {
        contractId,
        kind: 'amuletAllocation',
        what: 'allocation',
        party: sender,
      });
      const context = deps.scan().registry.allocationContext(contractId, 'withdraw');
      const record = await deps.submit({
        actAs: [wallet.party],
        readAs: [network.dso()],
        commands: [
          exerciseOf(allocationInterface, contractId, withdrawAllocation, {
            extraArgs: { context: { values: context.values }, meta: { values: {} } },
          }),
        ],
      });
      const result = resultOf(withdrawAllocation, rootResult(record));
      const senderHoldingCids: string[] = [...(result.senderHoldingCids ?? [])];
      return { senderHoldingCids, meta: metaOf(result) };
    },
    listRequests(caller: Caller): ContractView[] {
      appAccess.walletOf(caller);
      return [];
    },
    rejectRequest(caller: Caller, contractId: string): never {
      appAccess.walletOf(caller);
      throw new DomainError('CONTRACT_NOT_FOUND', `No allocation request with id ${contractId}`);
    },
  };
  return service satisfies Allocations;
}

export interface Allocations {
  list(caller: Caller): ContractView[];
  allocate(caller: Caller, request: AllocateAmulet): Promise<AllocationOutcome>;
  /** Withdraws an allocation as its sender; the holdings returned to the sender. */
  withdraw(
    caller: Caller,
    contractId: string,
  ): Promise<{
    senderHoldingCids: string[];
    meta: Record<string, string>;
  }>;
  listRequests(caller: Caller): ContractView[];
  rejectRequest(caller: Caller, contractId: string): never;
}
