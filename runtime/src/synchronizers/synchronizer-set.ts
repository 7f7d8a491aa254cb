import { makeSynchronizerId } from '@pocketnet/ledger';

/** One synchronizer the node hosts: its alias and id, and its sequencer and mediator. */
export type SynchronizerInfo = {
  readonly alias: string;
  readonly id: string;
  /** The fingerprint of its namespace (`id` after the `::`). */
  readonly namespace: string;
  readonly sequencerId: string;
  readonly mediatorId: string;
};

/** The name that stands for the global synchronizer in `--synchronizers`. */
export const globalSynchronizerName = 'global';

const namePattern = /^[a-zA-Z0-9][a-zA-Z0-9_-]{0,184}$/;

export function synchronizerInfo(alias: string, id: string): SynchronizerInfo {
  const namespace = id.slice(id.indexOf('::') + 2);
  return {
    alias,
    id,
    namespace,
    sequencerId: `SEQ::sequencer::${namespace}`,
    mediatorId: `MED::mediator::${namespace}`,
  };
}

/**
 * The synchronizers of `--synchronizers global,app1`: the global one (under its configured
 * name, e.g. `global-domain`) first whatever the order, then the others, each `name::1220…`.
 */
export function createSynchronizerSet(options: {
  readonly globalName: string;
  readonly names?: readonly string[] | undefined;
}): readonly SynchronizerInfo[] {
  const names = options.names ?? [globalSynchronizerName];
  if (!names.includes(globalSynchronizerName)) {
    throw new Error(`--synchronizers must include ${globalSynchronizerName}`);
  }
  if (new Set(names).size !== names.length) throw new Error('--synchronizers names repeat');
  const others = names.filter((name) => name !== globalSynchronizerName);
  for (const name of [options.globalName, ...others]) {
    if (!namePattern.test(name) || (name === options.globalName && others.includes(name))) {
      throw new Error(`invalid synchronizer name ${name}`);
    }
  }
  return [options.globalName, ...others].map((name) =>
    synchronizerInfo(name, makeSynchronizerId(name)),
  );
}
