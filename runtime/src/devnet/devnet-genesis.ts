import {
  type Command,
  type CreatedNode,
  internalSubmission,
  type LedgerEngine,
  planCreateUser,
  type TransactionRecord,
} from '@pocketnet/ledger';
import {
  defaultAnsRulesConfig,
  defaultInitialAmuletPrice,
  devNetAmuletRules,
  initialDsoRules,
  singleNodeSynchronizerConfig,
  type spliceVocabulary,
} from '@pocketnet/splice';
import { synchronizerInfo } from '../synchronizers/synchronizer-set.ts';
import {
  amuletRulesTemplate,
  amuletTemplates,
  ansTemplates,
  dsoRulesTemplate,
  externalPartyAmuletRulesTemplates,
  svNodeStateTemplate,
  validatorLicenseTemplates,
  walletInstall,
} from '../vocabulary/splice-templates.ts';
import { type ArgumentFields, createOf, exerciseOf } from '../vocabulary/typed-commands.ts';
import { type DevnetParties, hostDevnetParties } from './devnet-parties.ts';

export type GenesisOptions = {
  readonly parties: DevnetParties;
  readonly validatorWalletUser: string;
  readonly synchronizerId: string;
  readonly participantId: string;
  readonly tickMicros: bigint;
  /**
   * The package a `#name:Module:Entity` reference is created from: the built-in TypeScript
   * Splice's by default, Splice's own uploaded package with `--splice-dars` (issue 21).
   */
  readonly templateOf?: ((reference: string) => string) | undefined;
};

const genesisUser = 'pocketnet-genesis';

/**
 * A new devnet, as `start` creates it on an empty journal: the DSO with one SV, the
 * validator operator party for the wallet user with its wallet and licence, AmuletRules with
 * the devnet config, the first three rounds, the ANS rules and a featured app right.
 */
export async function createDevnetGenesis(engine: LedgerEngine, options: GenesisOptions) {
  const { parties, synchronizerId } = options;
  await engine.commitTopology(hostDevnetParties(parties, { synchronizerId }));
  const operatorRight = { kind: 'CanActAs' as const, party: parties.validatorOperator };
  await engine.commitAdmin(
    planCreateUser({
      user: { id: options.validatorWalletUser, primaryParty: parties.validatorOperator },
      rights: [operatorRight],
    }),
  );
  let step = 0;
  const templateOf = options.templateOf ?? ((reference: string) => reference);
  const submit = (actAs: readonly string[], commands: readonly Command[]) => {
    step += 1;
    return engine.submit(
      internalSubmission({
        commands: withTemplates(commands, templateOf),
        userId: genesisUser,
        commandId: `genesis-${step}`,
        actAs,
        workflowId: 'genesis',
      }),
    );
  };
  const rules = await createDsoContracts(submit, options);
  await submit(
    [parties.dso],
    [
      exerciseOf(
        amuletRulesTemplate,
        rules,
        amuletRulesTemplate.choices.AmuletRules_Bootstrap_Rounds,
        bootstrapArguments(options),
      ),
    ],
  );
  await submit([parties.validatorOperator], operatorContracts(options));
}

type Submit = (
  actAs: readonly string[],
  commands: readonly Command[],
) => Promise<TransactionRecord>;

async function createDsoContracts(submit: Submit, options: GenesisOptions): Promise<string> {
  const { dso, sv, validatorOperator } = options.parties;
  const record = await submit(
    [dso],
    [
      createOf(
        amuletRulesTemplate,
        devNetAmuletRules({
          dso,
          synchronizerId: options.synchronizerId,
          tickMicros: options.tickMicros,
        }),
      ),
      createOf(externalPartyAmuletRulesTemplates.ExternalPartyAmuletRules, { dso }),
      createOf(
        dsoRulesTemplate,
        initialDsoRules({
          dso,
          isDevNet: true,
          synchronizerId: options.synchronizerId,
          svs: [{ party: sv, name: 'sv1', participantId: options.participantId }],
        }),
      ),
      createOf(ansTemplates.AnsRules, { dso, config: defaultAnsRulesConfig }),
      createOf(amuletTemplates.FeaturedAppRight, { dso, provider: validatorOperator }),
      // As Splice's DsoBootstrap: SV1's node state, its nodes for the global synchronizer.
      createOf(svNodeStateTemplate, {
        dso,
        sv,
        svName: 'sv1',
        state: {
          synchronizerNodes: [
            [
              options.synchronizerId,
              singleNodeSynchronizerConfig(
                synchronizerInfo('global', options.synchronizerId).mediatorId,
              ),
            ],
          ],
        },
      }),
      // As DsoRules_OnboardValidator of splice-dso-governance 0.1.26: its own sponsor.
      createOf(validatorLicenseTemplates.ValidatorLicense, {
        validator: validatorOperator,
        sponsor: validatorOperator,
        dso,
        faucetState: null,
        metadata: null,
        lastActiveAt: null,
      }),
    ],
  );
  const created = record.nodes[record.rootNodeIds[0] ?? 0] as CreatedNode;
  return created.contractId;
}

function operatorContracts(options: GenesisOptions): Command[] {
  const { dso, validatorOperator } = options.parties;
  return [
    createOf(walletInstall.WalletAppInstall, {
      dsoParty: dso,
      validatorParty: validatorOperator,
      endUserName: options.validatorWalletUser,
      endUserParty: validatorOperator,
    }),
    createOf(amuletTemplates.ValidatorRight, {
      dso,
      user: validatorOperator,
      validator: validatorOperator,
    }),
  ];
}

/** Commands whose `#name:…` references are resolved to the package `templateOf` gives. */
export const withTemplates = (
  commands: readonly Command[],
  templateOf: (reference: string) => string,
): Command[] =>
  commands.map((command) =>
    'templateId' in command ? { ...command, templateId: templateOf(command.templateId) } : command,
  );

const bootstrapArguments = (
  options: GenesisOptions,
): ArgumentFields<spliceVocabulary.splice_amulet.Splice.AmuletRules.AmuletRules_Bootstrap_Rounds> => ({
  amuletPrice: defaultInitialAmuletPrice,
  round0Duration: { microseconds: options.tickMicros.toString() },
  initialRound: null,
});
