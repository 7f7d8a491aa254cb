import type { TemplateDefinition } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceDsoGovernance } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { dsoTemplateId } from './dso-types.ts';

// Splice.DSO.SvState:SvNodeState and the node configuration it holds
// (Splice.DSO.DecentralizedSynchronizer, Splice.CometBft), field for field.

const keyConfig = (name: string) => t.record({ pubKey: t.text() }, `Splice.CometBft:${name}`);

const cometBftConfigType = t.record(
  {
    nodes: t.genMap(
      t.text(),
      t.record(
        { validatorPubKey: t.text(), votingPower: t.int64() },
        'Splice.CometBft:CometBftNodeConfig',
      ),
    ),
    governanceKeys: t.list(keyConfig('GovernanceKeyConfig')),
    sequencingKeys: t.list(keyConfig('SequencingKeyConfig')),
  },
  'Splice.CometBft:CometBftConfig',
);

const synchronizerModule = 'Splice.DSO.DecentralizedSynchronizer';

const synchronizerNodeConfigType = t.record(
  {
    cometBft: cometBftConfigType,
    sequencer: t.optional(
      t.record(
        {
          migrationId: t.int64(),
          sequencerId: t.text(),
          url: t.text(),
          availableAfter: t.optional(t.time()),
        },
        `${synchronizerModule}:SequencerConfig`,
      ),
    ),
    mediator: t.optional(
      t.record({ mediatorId: t.text() }, `${synchronizerModule}:MediatorConfig`),
    ),
    scan: t.optional(t.record({ publicUrl: t.text() }, `${synchronizerModule}:ScanConfig`)),
    legacySequencerConfig: t.optional(
      t.record(
        { migrationId: t.int64(), sequencerId: t.text(), url: t.text() },
        `${synchronizerModule}:LegacySequencerConfig`,
      ),
    ),
    sequencerIdentity: t.optional(
      t.record(
        { sequencerId: t.text(), availableAfter: t.optional(t.time()) },
        `${synchronizerModule}:SequencerIdentityConfig`,
      ),
    ),
    physicalSynchronizers: t.optional(
      t.genMap(
        t.int64(),
        t.record(
          {
            sequencer: t.optional(
              t.record({ url: t.text() }, `${synchronizerModule}:SequencerConnectionConfig`),
            ),
          },
          `${synchronizerModule}:PhysicalSynchronizerNodeConfig`,
        ),
      ),
    ),
  },
  `${synchronizerModule}:SynchronizerNodeConfig`,
);

/**
 * The state of the node an SV operates: its synchronizer nodes (CometBFT, sequencer, mediator,
 * scan) per synchronizer. Splice's DsoBootstrap creates SV1's at genesis; the DSO signs it.
 */
export const svNodeState: TemplateDefinition = tiedToSplice(
  spliceDsoGovernance['Splice.DSO.SvState'].SvNodeState,
  defineTemplate({
    id: dsoTemplateId('Splice.DSO.SvState', 'SvNodeState'),
    fields: {
      dso: t.party(),
      sv: t.party(),
      svName: t.text(),
      state: t.record(
        { synchronizerNodes: t.genMap(t.text(), synchronizerNodeConfigType) },
        'Splice.DSO.SvState:NodeState',
      ),
    },
    signatories: ({ dso }) => [dso],
  }),
  {},
);

/**
 * A single-node SV's config for one synchronizer: no CometBFT, its mediator; the sequencer and
 * scan of a devnet are the node itself, whose public URL is known per request, not at genesis.
 */
export function singleNodeSynchronizerConfig(mediatorId: string) {
  return {
    cometBft: { nodes: [], governanceKeys: [], sequencingKeys: [] },
    sequencer: null,
    mediator: { mediatorId },
    scan: null,
    legacySequencerConfig: null,
    sequencerIdentity: null,
    physicalSynchronizers: null,
  };
}
