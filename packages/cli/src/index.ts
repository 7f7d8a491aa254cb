// What the benchmarks compose a node from as `pocketnet start` does (the CLI is otherwise a command).
export { type EmbeddedNode, StartRefusal, startEmbeddedNode } from './roles/embedded-lives.ts';
export type { EmbeddedSetup } from './roles/embedded-setup.ts';
export { createLifeServers } from './roles/life-servers.ts';
