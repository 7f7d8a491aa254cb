import {
  type Command,
  internalSubmission,
  type LedgerEngine,
  planCreateUser,
  type Value,
} from '@pocketnet/ledger';
import { amuletTemplateIds as amulet, walletReferences } from '@pocketnet/splice';
import { withTemplates } from '../devnet/devnet-genesis.ts';
import type { ParticipantNode } from '../node/create-participant.ts';
import type { PocketnetNodeCore } from '../node/node-core.ts';
import { amuletTemplates, validatorLicenseTemplates } from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import type { Wallet } from '../wallet/create-wallet.ts';

const onboardingUser = 'pocketnet-validator-onboarding';

/**
 * What a Splice validator does when it first starts on a network, here in one go: its operator
 * party hosted on its participant, its wallet users acting as that party, the ValidatorLicense
 * the SV onboards it with (naming the validator its own sponsor, as Splice 0.6.11 does), the
 * operator's ValidatorRight and a WalletAppInstall per wallet user. Each step is skipped when the journal has it already, so a restart adds nothing.
 */
export async function onboardValidatorApp(input: {
  readonly core: PocketnetNodeCore;
  readonly participant: ParticipantNode;
  readonly operator: string;
  readonly walletUsers: readonly string[];
  readonly wallet: Wallet;
  readonly templateOf?: ((reference: string) => string) | undefined;
}): Promise<void> {
  const { core, participant, operator, wallet } = input;
  const network = core.devnetParties();
  if (network === null) return;
  const { engine } = participant;
  const state = participant.participant;
  if (state.parties.get(operator)?.isLocal !== true) {
    await engine.commitTopology((_state, offset, updateId, recordTime) => ({
      type: 'topology',
      offset,
      updateId,
      synchronizerId: core.identity.synchronizerId,
      recordTime,
      participantId: state.participantId,
      parties: [operator],
      annotations: {},
      identityProviderId: '',
      grantedTo: null,
    }));
  }
  for (const userId of input.walletUsers) {
    if (state.users.has(userId)) continue;
    await engine.commitAdmin(
      planCreateUser({
        user: { id: userId, primaryParty: operator },
        rights: [{ kind: 'CanActAs', party: operator }],
      }),
    );
  }
  const submit = submitterOf(core, { operator, templateOf: input.templateOf });
  if (!hasLicense(core, operator)) {
    await submit(
      core.engine,
      [network.dso],
      [
        create(amulet.validatorLicense, {
          validator: operator,
          // As DsoRules_OnboardValidator of splice-dso-governance 0.1.26: its own sponsor.
          sponsor: operator,
          dso: network.dso,
          faucetState: null,
          metadata: null,
          lastActiveAt: null,
        }),
      ],
    );
  }
  const installs = input.walletUsers
    .filter((userId) => wallet.access.lookupWallet(userId) === undefined)
    .map((userId) =>
      create(walletReferences.walletAppInstall, {
        dsoParty: network.dso,
        validatorParty: operator,
        endUserName: userId,
        endUserParty: operator,
      }),
    );
  const hasRight = wallet.contracts
    .of(operator, 'validatorRight')
    .some(
      (right) =>
        payloadOf(amuletTemplates.ValidatorRight, right.node.createArgument).user === operator,
    );
  const right = hasRight
    ? []
    : [create(amulet.validatorRight, { dso: network.dso, user: operator, validator: operator })];
  if (installs.length + right.length > 0) await submit(engine, [operator], [...installs, ...right]);
}

function hasLicense(core: PocketnetNodeCore, operator: string): boolean {
  return core.activeContracts
    .visibleTo([operator])
    .some(
      (entry) =>
        entry.node.templateId.endsWith(':Splice.ValidatorLicense:ValidatorLicense') &&
        payloadOf(validatorLicenseTemplates.ValidatorLicense, entry.node.createArgument)
          .validator === operator,
    );
}

function submitterOf(
  core: PocketnetNodeCore,
  options: {
    readonly operator: string;
    readonly templateOf: ((reference: string) => string) | undefined;
  },
) {
  let step = 0;
  const resolve = options.templateOf ?? ((reference: string) => reference);
  return (engine: LedgerEngine, actAs: readonly string[], commands: readonly Command[]) => {
    step += 1;
    return engine.submit(
      internalSubmission({
        commands: withTemplates(commands, resolve),
        userId: onboardingUser,
        commandId: `validator-onboarding-${options.operator}-${core.clock.nowMicros()}-${step}`,
        actAs,
        workflowId: 'validator-onboarding',
      }),
    );
  };
}

const create = (templateId: string, createArguments: Value): Command => ({
  kind: 'create',
  templateId,
  createArguments,
});
