// Loaded with `node --import` into a started node: appends the name of every package under
// node_modules the process resolves, the first time, to the file named by LOADED_PACKAGES_FILE.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const file = process.env.LOADED_PACKAGES_FILE ?? '';
const seen = new Set<string>();

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(resolved.url)?.[1];
    if (name !== undefined && !seen.has(name)) {
      seen.add(name);
      appendFileSync(file, `${name}\n`);
    }
    return resolved;
  },
});
