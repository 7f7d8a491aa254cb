import { type Command, internalSubmission, type SubmitRequest } from '@pocketnet/ledger';

export const iouTemplate = '#pocketnet-examples:Iou:Iou';

/** The parties every benchmark uses: the issuer, the owner, and a new owner for transfers. */
export type IouParties = { readonly bank: string; readonly alice: string; readonly bob: string };

export function createIou(parties: IouParties): Command {
  const { bank, alice } = parties;
  return {
    kind: 'create',
    templateId: iouTemplate,
    createArguments: { issuer: bank, owner: alice, currency: 'USD', amount: '10.0', observers: [] },
  };
}

export function transferIou(contractId: string, newOwner: string): Command {
  return {
    kind: 'exercise',
    templateId: iouTemplate,
    contractId,
    choice: 'Iou_Transfer',
    choiceArgument: { newOwner },
  };
}

/** A submission as the command service would hand it to the engine. */
export function submitRequest(
  commands: readonly Command[],
  actAs: readonly string[],
  commandId: string,
): SubmitRequest {
  return internalSubmission({ commands, userId: 'bench', commandId, actAs });
}
