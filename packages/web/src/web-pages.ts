import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folders of the hand-written pages, absolute paths on disk. Each page folder holds its
 * `index.html` and the ES modules and style sheets it loads; `uiKit` holds what the pages share
 * and `client` the typed client they call the node with (packages/client's ES modules).
 * Nothing is built: the gateway serves these files as they are, from whatever folder it is given.
 */
export type WebPages = {
  /** The state-machine inspector, served at `/inspect`. */
  readonly inspector: string;
  /** The validator's wallet UI, served at `/wallet`. */
  readonly wallet: string;
  /** GraphiQL with the node's sign-in, served at `/graphql` to a browser. */
  readonly graphiql: string;
  /** The shared style sheets and modules, served at `/ui-kit/assets/<name>`. */
  readonly uiKit: string;
  /** packages/client's modules, served at `/client/assets/<name>`. */
  readonly client: string;
};

// Relative to this file, so the same paths hold from src/ and from a build in dist/. A page's
// modules import the kit as `../../ui-kit/assets/<name>`: from pages/<page>/ on disk and from
// /<page>/assets/ over HTTP, that names the same file. They import the client by its package
// name, which each page's import map points at `/client/assets/index.js`.
const folder = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const webPages: WebPages = {
  inspector: folder('../pages/inspector'),
  wallet: folder('../pages/wallet'),
  graphiql: folder('../pages/graphiql'),
  uiKit: folder('../ui-kit/assets'),
  client: dirname(fileURLToPath(import.meta.resolve('@pocketnet/client'))),
};
