import { formatNumeric, formatTime } from '@pocketnet/ledger';
import type { spliceVocabulary } from '@pocketnet/splice';
import { mergeDelegationTemplates } from '../vocabulary/splice-templates.ts';
import { toInterfaceContractId } from '../vocabulary/splice-types.ts';
import { type ArgumentValue, payloadOf } from '../vocabulary/typed-commands.ts';
import type { WalletContract } from '../wallet/wallet-contracts.projection.ts';
import type { AutomationContext } from './automation-context.ts';
import { effectiveAmountOf } from './automation-values.ts';

type MergeDelegationCall =
  ArgumentValue<spliceVocabulary.splice_util_token_standard_wallet.Splice.Util.Token.Wallet.MergeDelegation.MergeDelegationCall>;
type Holding = spliceVocabulary.splice_api_token_holding_v1.Splice.Api.Token.HoldingV1.Holding;
type FeaturedAppRight =
  spliceVocabulary.splice_api_featured_app_v1.Splice.Api.FeaturedAppRightV1.FeaturedAppRight;

/** A merge call of a batch, with the holdings it spends. */
export type SelfMergeCall = {
  readonly call: MergeDelegationCall;
  readonly inputs: readonly string[];
};

const hourMicros = 3_600_000_000n;

// The interface through which a merge records featured activity for its provider.
const featuredAppRightInterface =
  '#splice-api-featured-app-v1:Splice.Api.FeaturedAppRightV1:FeaturedAppRight';

/** Whether the node runs the FeaturedAppRightV1 interface, so that merges can be featured. */
function canFeatureMerges(context: AutomationContext): boolean {
  try {
    context.core.packages.resolveInterface(featuredAppRightInterface);
    return true;
  } catch {
    return false;
  }
}

/**
 * One MergeDelegation_Merge call of a batch: the owner's self-transfer of `holdings` through
 * the registry's transfer factory, for their whole worth at the round the factory prices at
 * (one holding comes out), featuring the operator when the node can record featured activity.
 */
export function selfMergeCall(
  context: AutomationContext,
  merge: { readonly delegation: WalletContract; readonly holdings: readonly WalletContract[] },
): SelfMergeCall {
  const { wallet } = context;
  const { owner } = payloadOf(
    mergeDelegationTemplates.MergeDelegation,
    merge.delegation.node.createArgument,
  );
  const round = wallet.network.holdingFeesRound();
  const amount = merge.holdings.reduce((sum, held) => sum + effectiveAmountOf(held, round), 0n);
  const now = context.now();
  const featured = canFeatureMerges(context)
    ? wallet.network.featuredAppRightOf(context.operator())
    : null;
  const transfer = {
    sender: owner,
    receiver: owner,
    amount: formatNumeric(amount),
    instrumentId: { admin: context.dso(), id: 'Amulet' },
    requestedAt: formatTime(now - 1_000_000n),
    executeBefore: formatTime(now + hourMicros),
    inputHoldingCids: merge.holdings.map((held) =>
      toInterfaceContractId<Holding>(held.node.contractId),
    ),
    meta: { values: {} },
  };
  const featuring =
    featured === null
      ? null
      : {
          appRightCid: toInterfaceContractId<FeaturedAppRight>(featured),
          beneficiaries: [{ beneficiary: context.operator(), weight: '1.0' }],
        };
  const call: MergeDelegationCall = {
    delegationCid: merge.delegation.node.contractId,
    choiceArg: {
      optMergeTransfer: {
        factoryCid: wallet.network.transferFactory(),
        choiceArg: {
          expectedAdmin: context.dso(),
          transfer,
          extraArgs: { context: wallet.network.choiceContext(), meta: { values: {} } },
        },
      },
      optExtraTransfer: null,
      optFeaturedAppRight: featuring,
    },
  };
  return { call, inputs: transfer.inputHoldingCids };
}
