import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Root } from 'protobufjs';

const require = createRequire(import.meta.url);

/**
 * A .proto file parsed into its root. protobufjs (~45 modules) and the parse are paid only by
 * a node that meets an interactive submission or an external party's topology, not at start:
 * a CommonJS package, so `require` loads it synchronously where it is first needed.
 */
export function loadProtoRoot(file: URL): Root {
  const protobuf = require('protobufjs') as typeof import('protobufjs');
  return protobuf.loadSync(fileURLToPath(file));
}
