import type { OptionRow } from './option-table.ts';

/** The options of `pocketnet splice-dars fetch`. */
export const spliceDarsOptionRows: readonly OptionRow[] = [
  {
    flag: 'version',
    env: null,
    kind: 'string',
    placeholder: '<version>',
    defaultValue: null,
    description: 'the Splice release, e.g. 0.6.11 (required)',
  },
  {
    flag: 'from',
    env: null,
    kind: 'string',
    placeholder: '<url|dir>',
    defaultValue: null,
    description:
      "a release bundle (.tar.gz), a folder listing of DARs, or a folder (default: Splice's release bundle)",
  },
];

/** The options of `pocketnet codegen`. */
export const codegenOptionRows: readonly OptionRow[] = [
  {
    flag: 'dar',
    env: null,
    kind: 'string',
    placeholder: '<file.dar>',
    defaultValue: null,
    description: 'the DAR whose main package to write TypeScript for (required)',
  },
  {
    flag: 'out',
    env: null,
    kind: 'string',
    placeholder: '<file.ts>',
    defaultValue: null,
    description: 'where to write it (default: stdout)',
  },
];
