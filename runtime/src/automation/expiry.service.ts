import { transferInstructionInterfaceId } from '@pocketnet/splice';
import { choicesOf, walletInstallChoices } from '../vocabulary/splice-templates.ts';
import { walletReference } from '../wallet/wallet-templates.ts';
import type { AutomationContext } from './automation-context.ts';
import { type AutomationOutcome, commandIdOf, effectOnce, stale } from './automation-outcome.ts';
import { microsAt, textAt } from './automation-values.ts';

export type ExpiryKind = 'instruction' | 'lock' | 'trafficRequest';

export type ExpiryWork = {
  readonly kind: ExpiryKind;
  readonly contractId: string;
  readonly dueMicros: bigint;
};

/** A contract with the time it is due at, null when its payload names none. */
type DueContract = {
  readonly contract: { readonly node: { readonly contractId: string } };
  readonly due: bigint | null;
};

/**
 * Expiries that are not the offers': token-standard transfer instructions past `executeBefore`
 * (the registry, the DSO, ends them and returns the locked amount), locks of this validator's
 * users past their time (the owner takes the amulet back), and traffic requests past their time.
 */
export function createExpiries(context: AutomationContext) {
  const { wallet } = context;
  const instructions = () =>
    wallet.contracts.of(context.dso(), 'transferInstruction').map((instruction) => ({
      contract: instruction,
      due: microsAt(instruction.node.createArgument, 'transfer', 'executeBefore'),
    }));
  const lockedByInstructions = () =>
    new Set(
      instructions().map(({ contract }) => String(contract.node.createArgument.lockedAmulet)),
    );
  const locks = () => {
    const held = lockedByInstructions();
    return context
      .walletParties()
      .flatMap((party) => wallet.contracts.of(party, 'lockedAmulet'))
      .filter((locked) => !held.has(locked.node.contractId))
      .map((locked) => ({
        contract: locked,
        due: microsAt(locked.node.createArgument, 'lock', 'expiresAt'),
      }));
  };
  const trafficRequests = () =>
    context
      .walletParties()
      .flatMap((party) => wallet.contracts.of(party, 'buyTrafficRequest'))
      .map((request) => ({
        contract: request,
        due: microsAt(request.node.createArgument, 'expiresAt'),
      }));
  const work = (kind: ExpiryKind, entries: readonly DueContract[]): ExpiryWork[] =>
    entries.flatMap(({ contract, due }) =>
      due === null ? [] : [{ kind, contractId: contract.node.contractId, dueMicros: due }],
    );
  const expireInstruction = (contractId: string, jobId: string) =>
    context.exerciseAs(
      [context.dso()],
      {
        templateId: transferInstructionInterfaceId,
        contractId,
        choice: choicesOf.transferInstruction.TransferInstruction_Update.name,
        argument: {
          extraActors: [],
          extraArgs: {
            context: wallet.network.choiceContext({
              'expire-lock': { tag: 'AV_Bool', value: true },
            }),
            meta: { values: {} },
          },
        },
      },
      commandIdOf(jobId),
    );
  return {
    pending(): ExpiryWork[] {
      if (!context.hasNetwork()) return [];
      return [
        ...work('instruction', instructions()),
        ...work('lock', locks()),
        ...work('trafficRequest', trafficRequests()),
      ];
    },
    async expire(kind: ExpiryKind, contractId: string, jobId: string): Promise<AutomationOutcome> {
      const contract = wallet.contracts.get(contractId);
      if (contract === undefined) return stale(`the ${kind} ${contractId} is gone`);
      const payload = contract.node.createArgument;
      const effect = () => {
        if (kind === 'instruction') return expireInstruction(contractId, jobId);
        if (kind === 'lock') {
          return context.exerciseAs(
            [textAt(payload, 'amulet', 'owner')],
            {
              templateId: walletReference('lockedAmulet'),
              contractId,
              choice: choicesOf.lockedAmulet.LockedAmulet_OwnerExpireLockV2.name,
              argument: {},
            },
            commandIdOf(jobId),
          );
        }
        return wallet.actions.installChoice(
          context.walletOf(textAt(payload, 'endUserParty')),
          walletInstallChoices.WalletAppInstall_BuyTrafficRequest_Expire,
          { requestCid: contractId },
          commandIdOf(jobId),
        );
      };
      return effectOnce(effect, `expired the ${kind} ${contractId}`);
    },
  };
}
