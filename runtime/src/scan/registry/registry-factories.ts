import { choiceContextKeys as keys } from '@pocketnet/splice';
import {
  amuletAllocationTemplate,
  amuletTransferInstruction,
  transferPreapprovalTemplate,
} from '../../vocabulary/splice-templates.ts';
import { payloadOf } from '../../vocabulary/typed-commands.ts';
import { choiceContextOf, type RegistryChoiceContext } from './registry-choice-context.ts';
import { notFound, type RegistryLookups } from './registry-lookups.ts';
import { registryReferences as refs } from './registry-references.ts';
import { amuletRulesTransferContext, twoStepTransferContext } from './two-step-context.ts';

// Scan's answers for ExternalPartyAmuletRules' factories and for the choices of the
// AmuletTransferInstruction and AmuletAllocation contracts they create.

export type TransferKind = 'self' | 'direct' | 'offer';
export type TransferInstructionAction = 'accept' | 'reject' | 'withdraw';
export type AllocationAction = 'execute-transfer' | 'withdraw' | 'cancel';

export type FactoryWithChoiceContext = {
  readonly factoryId: string;
  readonly choiceContext: RegistryChoiceContext;
};

type Registry = { readonly lookups: RegistryLookups; readonly synchronizerId: string };

/**
 * TransferFactory_Transfer from `sender` to `receiver`: to oneself, directly through the
 * receiver's preapproval (featuring its provider when it holds the right), or else an offer.
 */
export function transferFactory(
  { lookups, synchronizerId }: Registry,
  transfer: { readonly sender: string; readonly receiver: string },
): FactoryWithChoiceContext & { readonly transferKind: TransferKind } {
  const base = amuletRulesTransferContext(lookups);
  const factory = lookups.externalPartyAmuletRules();
  const isSelf = transfer.sender === transfer.receiver;
  const preapproval = isSelf ? null : lookups.transferPreapproval(transfer.receiver);
  const provider = preapproval
    ? payloadOf(transferPreapprovalTemplate, preapproval.createArgument).provider
    : null;
  const featured = provider === null ? null : lookups.featuredAppRight(provider);
  const transferKind: TransferKind = isSelf ? 'self' : preapproval ? 'direct' : 'offer';
  const choiceContext = choiceContextOf(synchronizerId, [
    ...base,
    { key: keys.featuredAppRight, contract: featured },
    { key: keys.transferPreapproval, contract: preapproval },
    { disclose: factory },
  ]);
  return { factoryId: factory.contractId, transferKind, choiceContext };
}

/** AllocationFactory_Allocate: locking funds to oneself is never featured. */
export function allocationFactory({ lookups, synchronizerId }: Registry): FactoryWithChoiceContext {
  const factory = lookups.externalPartyAmuletRules();
  const choiceContext = choiceContextOf(synchronizerId, [
    ...amuletRulesTransferContext(lookups),
    { disclose: factory },
  ]);
  return { factoryId: factory.contractId, choiceContext };
}

export function transferInstructionContext(
  { lookups, synchronizerId }: Registry,
  request: { readonly instructionId: string; readonly action: TransferInstructionAction },
): RegistryChoiceContext {
  const { instructionId } = request;
  const instruction = lookups.active(refs.amuletTransferInstruction, instructionId);
  if (!instruction) {
    throw notFound(`AmuletTransferInstruction '${instructionId}' not found.`, {
      contractId: instructionId,
    });
  }
  const payload = payloadOf(amuletTransferInstruction, instruction.createArgument);
  return twoStepTransferContext(lookups, synchronizerId, {
    description: `AmuletTransferInstruction '${instructionId}'`,
    lockedAmulet: payload.lockedAmulet,
    expiresAt: payload.transfer.executeBefore,
    requireLockedAmulet: request.action === 'accept',
    featuredProvider: null,
  });
}

export function allocationContext(
  { lookups, synchronizerId }: Registry,
  request: { readonly allocationId: string; readonly action: AllocationAction },
): RegistryChoiceContext {
  const { allocationId } = request;
  const allocation = lookups.active(refs.amuletAllocation, allocationId);
  if (!allocation) {
    throw notFound(`AmuletAllocation '${allocationId}' not found.`, { contractId: allocationId });
  }
  const payload = payloadOf(amuletAllocationTemplate, allocation.createArgument);
  const { settlement } = payload.allocation;
  const settles = request.action === 'execute-transfer';
  return twoStepTransferContext(lookups, synchronizerId, {
    description: `AmuletAllocation '${allocationId}'`,
    lockedAmulet: payload.lockedAmulet,
    expiresAt: settlement.settleBefore,
    requireLockedAmulet: settles,
    // The executor is the settlement's app provider, featured if it holds the right.
    featuredProvider: settles ? settlement.executor : null,
  });
}
