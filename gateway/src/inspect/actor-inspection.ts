import type { ActorRuntime } from '@pocketnet/runtime';

/**
 * What the inspect API reads of the node's actor runtime (`node.actors`): the routes take it as
 * a dependency, so a test can serve them from the real runtime of a real node.
 */
export type ActorInspection = Pick<
  ActorRuntime,
  'machines' | 'machine' | 'list' | 'get' | 'canSee' | 'transitions$'
>;
