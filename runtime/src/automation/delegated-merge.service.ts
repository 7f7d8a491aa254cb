import type { CreatedNode } from '@pocketnet/ledger';
import { mergeDelegationTemplates } from '../vocabulary/splice-templates.ts';
import { createOf, exerciseOf, payloadOf } from '../vocabulary/typed-commands.ts';
import type { WalletContract } from '../wallet/wallet-contracts.projection.ts';
import { type AutomationContext, keyOfInputs } from './automation-context.ts';
import {
  type AutomationOutcome,
  commandIdOf,
  done,
  effectOnce,
  noop,
} from './automation-outcome.ts';
import { selfMergeCall } from './merge-call.ts';

/** Holdings a user may have before its wallet provider merges them (the seed: more than 10). */
export const mergeThreshold = 10;
/** Merge calls per BatchMergeUtility_BatchMerge, and holdings per merge: about 100. */
export const mergeBatchSize = 100;

export type MergeProgress = { readonly merged: number; readonly total: number };

/**
 * Merges for MergeDelegations: the operator merges the holdings of every delegating user with
 * more than 10 of them through BatchMergeUtility_BatchMerge, up to 100 users per transaction
 * and 100 holdings per user, featuring itself so that the merges earn it app rewards.
 */
const { BatchMergeUtility, MergeDelegation } = mergeDelegationTemplates;
const delegationOf = (delegation: WalletContract) =>
  payloadOf(MergeDelegation, delegation.node.createArgument);

export function createDelegatedMerges(context: AutomationContext) {
  const { wallet } = context;
  const delegations = () =>
    wallet.contracts
      .of(context.operator(), 'mergeDelegation')
      .filter((delegation) => delegationOf(delegation).operator === context.operator());
  const holdingsOf = (owner: string) => wallet.contracts.of(owner, 'amulet');
  const candidates = () =>
    delegations().filter(
      (delegation) => holdingsOf(delegationOf(delegation).owner).length > mergeThreshold,
    );

  const mergeCall = (delegation: WalletContract) => {
    const { owner } = delegationOf(delegation);
    return selfMergeCall(context, {
      delegation,
      holdings: holdingsOf(owner).slice(0, mergeBatchSize),
    });
  };

  const ownUtility = (contract: CreatedNode) =>
    payloadOf(BatchMergeUtility, contract.createArgument).operator === context.operator();
  const utility = async (jobId: string): Promise<string> => {
    const found = context.index.active('batchMergeUtility').find(ownUtility);
    if (found) return found.contractId;
    await effectOnce(
      () =>
        wallet.submit({
          actAs: [context.operator()],
          commands: [createOf(BatchMergeUtility, { operator: context.operator() })],
          deduplicationKey: commandIdOf(jobId, 'utility'),
        }),
      'created the BatchMergeUtility',
    );
    const created = context.index.active('batchMergeUtility').find(ownUtility);
    if (!created) throw new Error('the BatchMergeUtility was not created');
    return created.contractId;
  };

  return {
    /** Whether a delegating user has more than 10 holdings now. */
    hasPending: () => context.hasNetwork() && candidates().length > 0,
    /** Merges until no delegating user has more than 10 holdings; reports holdings merged. */
    async merge(
      jobId: string,
      onProgress: (progress: MergeProgress) => Promise<void>,
    ): Promise<AutomationOutcome> {
      const total = candidates().reduce(
        (sum, delegation) => sum + holdingsOf(delegationOf(delegation).owner).length,
        0,
      );
      if (total === 0) return noop('no delegating user has more than 10 holdings');
      const utilityCid = await utility(jobId);
      let merged = 0;
      let transactions = 0;
      for (let pending = candidates(); pending.length > 0; pending = candidates()) {
        const calls = pending.slice(0, mergeBatchSize).map(mergeCall);
        const inputs = calls.flatMap((call) => call.inputs);
        const outcome = await effectOnce(
          () =>
            wallet.submit({
              actAs: [context.operator()],
              readAs: [context.dso()],
              commands: [
                exerciseOf(
                  BatchMergeUtility,
                  utilityCid,
                  BatchMergeUtility.choices.BatchMergeUtility_BatchMerge,
                  { mergeCalls: calls.map((call) => call.call) },
                ),
              ],
              deduplicationKey: commandIdOf(jobId, keyOfInputs(inputs)),
            }),
          'merged a batch',
        );
        // A batch that changed nothing (a stale holding) would come round again: stop there.
        if (outcome.outcome !== 'done') return outcome;
        merged += inputs.length;
        transactions += 1;
        await onProgress({ merged: Math.min(merged, total), total });
      }
      return done(`merged ${merged} holdings in ${transactions} batches`);
    },
  };
}
