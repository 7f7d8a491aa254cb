import { gqlData } from './graphql-harness.ts';
import { allocateParty, createUser, iouTemplate } from './ledger-fixtures.ts';
import type { TestNode } from './test-node.ts';

// Ious between a bank and two owners, made through the GraphQL view's own mutation.

export type IouDesk = {
  readonly bank: string;
  readonly alice: string;
  readonly bob: string;
  /** Users acting as bank+alice+bob, as alice only, as bob only. */
  readonly users: { readonly bank: string; readonly alice: string; readonly bob: string };
  /** Creates an Iou of `amount` from the bank to `owner`; its contract id and offset. */
  issue(owner: string, amount: string): Promise<{ contractId: string; offset: number }>;
  /** The owner transfers an Iou to `newOwner` (archives it); the offset. */
  transfer(contractId: string, owner: string, newOwner: string): Promise<number>;
};

export const submitMutation = `mutation Submit($commands: JSON!) {
  submitCommands(commands: $commands) {
    updateId
    completionOffset
    transaction { offset events { __typename contractId ... on CreatedEvent { contract { templateId } } } }
  }
}`;

type Submitted = {
  submitCommands: {
    updateId: string;
    completionOffset: number;
    transaction: { offset: number; events: Array<{ __typename: string; contractId: string }> };
  };
};

let counter = 0;

export async function openIouDesk(node: TestNode, prefix: string): Promise<IouDesk> {
  const bank = await allocateParty(node, `${prefix}Bank`);
  const alice = await allocateParty(node, `${prefix}Alice`);
  const bob = await allocateParty(node, `${prefix}Bob`);
  const users = { bank: `${prefix}-bank`, alice: `${prefix}-alice`, bob: `${prefix}-bob` };
  await createUser(node, users.bank, [bank, alice, bob]);
  await createUser(node, users.alice, [alice]);
  await createUser(node, users.bob, [bob]);
  const submit = async (user: string, actAs: string[], command: unknown) => {
    counter += 1;
    const commands = { commands: [command], commandId: `${prefix}-${counter}`, actAs };
    return (await gqlData<Submitted>(node, submitMutation, { commands }, { user })).submitCommands;
  };
  return {
    bank,
    alice,
    bob,
    users,
    async issue(owner, amount) {
      const createArguments = { issuer: bank, owner, currency: 'USD', amount, observers: [] };
      const result = await submit(users.bank, [bank, owner], {
        CreateCommand: { templateId: iouTemplate, createArguments },
      });
      const contractId = result.transaction.events[0]?.contractId ?? '';
      return { contractId, offset: result.completionOffset };
    },
    async transfer(contractId, owner, newOwner) {
      const result = await submit(users.bank, [owner], {
        ExerciseCommand: {
          templateId: iouTemplate,
          contractId,
          choice: 'Iou_Transfer',
          choiceArgument: { newOwner },
        },
      });
      return result.completionOffset;
    },
  };
}
