import { decodeEnvelope, generateTypeScript, isLfDecodeError, readDar } from '@pocketnet/daml-lf';

/** A DAR that cannot be read: its one-line reason (the CLI exits with 2). */
export class DarCodegenError extends Error {
  override readonly name = 'DarCodegenError';
}

/** `pocketnet codegen`: the TypeScript of a DAR's main package and the types it depends on. */
export function typeScriptOfDar(bytes: Uint8Array): string {
  try {
    const packages = readDar(bytes).archives.map((archive) => decodeEnvelope(archive));
    const [main] = packages;
    if (!main) throw new DarCodegenError('the DAR has no main package');
    return generateTypeScript(main, packages);
  } catch (error) {
    if (isLfDecodeError(error)) throw new DarCodegenError(error.message);
    throw error;
  }
}
