import { type ExercisedNode, parseNumeric } from '@pocketnet/ledger';
import { amuletTemplates, choiceNames, choicesOf } from '../vocabulary/splice-templates.ts';
import type { TransferInput } from '../vocabulary/splice-types.ts';
import { payloadOf, sharedFieldsOf } from '../vocabulary/typed-commands.ts';
import { descendantsOf, type NodeAt, type PartyAmount } from './history-types.ts';
import { byParty, type Holding } from './history-values.ts';
import { walletTemplateOf } from './wallet-templates.ts';

// Locks in the history: a lock's creation is where the sender's balance changes (as in
// Splice's history), so an unlock that feeds a transfer nets out with it, and an unlock that
// gives the coin back is a balance change of its own.

const unlockChoices = new Set(
  choiceNames(
    choicesOf.lockedAmulet.LockedAmulet_UnlockV2,
    choicesOf.lockedAmulet.LockedAmulet_OwnerExpireLockV2,
  ),
);

export const isUnlockChoice = (choice: string): boolean => unlockChoices.has(choice);

/** The amulets an unlock node freed, with their owners and amounts. */
function freedBy(record: NodeAt['record'], unlock: ExercisedNode): Map<string, Holding> {
  const freed = new Map<string, Holding>();
  for (const child of descendantsOf(record, unlock)) {
    if (child.kind !== 'created' || walletTemplateOf(child) !== 'amulet') continue;
    const amulet = payloadOf(amuletTemplates.Amulet, child.createArgument);
    const amount = parseNumeric(amulet.amount.initialAmount);
    freed.set(child.contractId, { owner: amulet.owner, amount, locked: false });
  }
  return freed;
}

/**
 * How much of a transfer's input the sender had locked before (an unlock in this transaction
 * fed it): the lock's creation already took it from the sender's balance. As in Splice's
 * history, the unlock and the transfer that spends it net out for the sender.
 */
export function inputFromLocks(
  at: NodeAt,
  nested: ExercisedNode | undefined,
  sender: string,
): bigint {
  const transferring = nested ?? at.node;
  // AmuletRules_Transfer's inputs are its transfer's; the other transfer runners take `inputs`.
  type InputsCarrier = {
    readonly transfer: { readonly inputs?: readonly TransferInput[] };
    readonly inputs: readonly TransferInput[];
  };
  const argument = sharedFieldsOf<InputsCarrier>(transferring.choiceArgument);
  const inputs = argument.transfer?.inputs ?? argument.inputs;
  if (!Array.isArray(inputs)) return 0n;
  const freed = new Map<string, Holding>();
  for (const node of at.record.nodes) {
    if (node.kind === 'exercised' && isUnlockChoice(node.choice)) {
      for (const [cid, holding] of freedBy(at.record, node)) freed.set(cid, holding);
    }
  }
  let total = 0n;
  for (const input of inputs) {
    if (input.tag !== 'InputAmulet') continue;
    const holding = freed.get(input.value);
    if (holding?.owner === sender) total += holding.amount;
  }
  return total;
}

/** What an unlock gave back to its owner and the transaction did not spend again. */
export function unlockReturnedBy(at: NodeAt): PartyAmount[] {
  const consumed = new Set(
    at.record.nodes.flatMap((node) =>
      node.kind === 'exercised' && node.consuming ? [node.contractId] : [],
    ),
  );
  const kept = [...freedBy(at.record, at.node)].filter(([cid]) => !consumed.has(cid));
  return byParty(kept.map(([, holding]) => holding));
}
