import type {
  NodeAutomation,
  RenewalPolicy,
  SmallAmuletPolicy,
  SweepPolicy,
  TopupPolicy,
} from '@pocketnet/runtime';

/** What processors call: the node's automation services, and the policies from the config. */
export type ProcessorDeps = {
  readonly automation: NodeAutomation;
  readonly policies: {
    readonly topup: TopupPolicy | null;
    readonly sweepOf: (sender: string) => SweepPolicy | null;
    readonly smallAmulets: SmallAmuletPolicy;
    readonly renewal: RenewalPolicy;
  };
};
