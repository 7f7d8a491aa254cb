import { readFile, writeFile } from 'node:fs/promises';
import { markdownOfRows } from './option-table.ts';
import { startOptionRows } from './start-option-rows.ts';

/** docs/command-line.md, whose options table is made from the option rows. */
export const commandLineDocs = new URL('../../../../docs/command-line.md', import.meta.url);

const begin = '<!-- options table: made by `node packages/cli/src/options/options-docs.ts` -->';
const end = '<!-- end of options table -->';

/** The page with its options table made afresh from the rows. */
export function withOptionsTable(page: string): string {
  const from = page.indexOf(begin);
  const to = page.indexOf(end);
  if (from < 0 || to < from)
    throw new Error(`${commandLineDocs.pathname} lacks the table's markers`);
  return `${page.slice(0, from + begin.length)}\n\n${markdownOfRows(startOptionRows)}\n\n${page.slice(to)}`;
}

if (import.meta.main) {
  const page = await readFile(commandLineDocs, 'utf8');
  await writeFile(commandLineDocs, withOptionsTable(page));
}
