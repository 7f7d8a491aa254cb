import { fileURLToPath } from 'node:url';

/**
 * The folders of the hand-written pages, absolute paths on disk. Each page folder holds its
 * `index.html` and the ES modules and style sheets it loads; `uiKit` holds what both pages share.
 * Nothing is built: the gateway serves these files as they are, from whatever folder it is given.
 */
export type WebPages = {
  /** The state-machine inspector, served at `/inspect`. */
  readonly inspector: string;
  /** The validator's wallet UI, served at `/wallet`. */
  readonly wallet: string;
  /** The shared style sheets and modules, served at `/ui-kit/assets/<name>`. */
  readonly uiKit: string;
};

// Relative to this file, so the same paths hold from src/ and from a build in dist/. A page's
// modules import the kit as `../../ui-kit/assets/<name>`: from pages/<page>/ on disk and from
// /<page>/assets/ over HTTP, that names the same file.
const folder = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const webPages: WebPages = {
  inspector: folder('../pages/inspector'),
  wallet: folder('../pages/wallet'),
  uiKit: folder('../ui-kit/assets'),
};
