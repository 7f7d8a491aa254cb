import { parseTime } from '@pocketnet/ledger';
import { spliceVocabulary } from '@pocketnet/splice';
import {
  amuletTemplates,
  amuletTransferInstruction,
  buyTrafficRequestTemplate,
  walletInstallChoices,
} from '../vocabulary/splice-templates.ts';
import { exerciseOf, payloadOf } from '../vocabulary/typed-commands.ts';
import type { WalletContract } from '../wallet/wallet-contracts.projection.ts';
import type { AutomationContext } from './automation-context.ts';
import { type AutomationOutcome, commandIdOf, effectOnce, stale } from './automation-outcome.ts';

const transferInstruction =
  spliceVocabulary.spliceApiTokenTransferInstructionV1['Splice.Api.Token.TransferInstructionV1']
    .TransferInstruction;

export type ExpiryKind = 'instruction' | 'lock' | 'trafficRequest';

export type ExpiryWork = {
  readonly kind: ExpiryKind;
  readonly contractId: string;
  readonly dueMicros: bigint;
};

/**
 * Expiries that are not the offers': token-standard transfer instructions past `executeBefore`
 * (the registry, the DSO, ends them and returns the locked amount), locks of this validator's
 * users past their time (the owner takes the amulet back), and traffic requests past their time.
 */
export function createExpiries(context: AutomationContext) {
  const { wallet } = context;
  const instructions = () =>
    wallet.contracts.of(context.dso(), 'transferInstruction').map((instruction) => {
      const payload = payloadOf(amuletTransferInstruction, instruction.node.createArgument);
      return {
        contract: instruction,
        lockedAmulet: payload.lockedAmulet,
        due: parseTime(payload.transfer.executeBefore),
      };
    });
  const lockedByInstructions = () =>
    new Set(instructions().map((instruction) => instruction.lockedAmulet));
  const locks = () => {
    const held = lockedByInstructions();
    return context
      .walletParties()
      .flatMap((party) => wallet.contracts.of(party, 'lockedAmulet'))
      .filter((locked) => !held.has(locked.node.contractId))
      .map((locked) => ({
        contract: locked,
        due: parseTime(
          payloadOf(amuletTemplates.LockedAmulet, locked.node.createArgument).lock.expiresAt,
        ),
      }));
  };
  const trafficRequests = () =>
    context
      .walletParties()
      .flatMap((party) => wallet.contracts.of(party, 'buyTrafficRequest'))
      .map((request) => ({
        contract: request,
        due: parseTime(payloadOf(buyTrafficRequestTemplate, request.node.createArgument).expiresAt),
      }));
  const work = (
    kind: ExpiryKind,
    entries: readonly { readonly contract: WalletContract; readonly due: bigint | null }[],
  ): ExpiryWork[] =>
    entries.flatMap(({ contract, due }) =>
      due === null ? [] : [{ kind, contractId: contract.node.contractId, dueMicros: due }],
    );
  const expireInstruction = (contractId: string, jobId: string) =>
    context.exerciseAs(
      [context.dso()],
      exerciseOf(
        transferInstruction,
        contractId,
        transferInstruction.choices.TransferInstruction_Update,
        {
          extraActors: [],
          extraArgs: {
            context: wallet.network.choiceContext({
              'expire-lock': { tag: 'AV_Bool', value: true },
            }),
            meta: { values: {} },
          },
        },
      ),
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
          const { LockedAmulet } = amuletTemplates;
          return context.exerciseAs(
            [payloadOf(LockedAmulet, payload).amulet.owner],
            exerciseOf(
              LockedAmulet,
              contractId,
              LockedAmulet.choices.LockedAmulet_OwnerExpireLockV2,
              {},
            ),
            commandIdOf(jobId),
          );
        }
        return wallet.actions.installChoice(
          context.walletOf(payloadOf(buyTrafficRequestTemplate, payload).endUserParty),
          walletInstallChoices.WalletAppInstall_BuyTrafficRequest_Expire,
          { requestCid: contractId },
          commandIdOf(jobId),
        );
      };
      return effectOnce(effect, `expired the ${kind} ${contractId}`);
    },
  };
}
