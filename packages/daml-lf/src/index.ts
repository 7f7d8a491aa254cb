// Daml-LF 2: reading DARs and DALFs, the package model, the evaluator and the typed JSON value codec.
export * from './ast/builtins.ts';
export * from './ast/expressions.ts';
export * from './ast/names.ts';
export * from './ast/types.ts';
export * from './ast/updates.ts';
export * from './ast.ts';
export { generateTypeScript } from './codegen/generate-typescript.ts';
export { generateVocabulary } from './codegen/generate-vocabulary.ts';
export { type DarManifest, parseDarManifest } from './dar/manifest.ts';
export { type Dar, isZip, readDar } from './dar/read-dar.ts';
export { readUploadedArchives } from './dar/read-upload.ts';
export type { ArchiveEnvelope } from './decode/decode-archive.ts';
export {
  decodeDalf,
  decodeEnvelope,
  readArchive,
  supportedLfMinors,
} from './decode/decode-archive.ts';
export type { DecodeOptions } from './decode/decode-context.ts';
export {
  isLfDecodeError,
  LfDecodeError,
  type LfDecodeErrorKind,
} from './decode/lf-decode-error.ts';
export {
  type BuiltPackage,
  buildDar,
  buildPackage,
  type ModuleSpec,
  type PackageSpec,
} from './encode/build-package.ts';
export { encodeDalf, encodeLfPackage } from './encode/encode-package.ts';
export { lfExprs, lfName, lfTypes, selfPackageId } from './encode/lf-builder.ts';
export {
  createErasedDefinitions,
  createPackageEraser,
  type ErasedDefinitions,
} from './erase/erased-definitions.ts';
export { fromLedgerValue, toLedgerValue } from './erase/ledger-values.ts';
export {
  applyValue,
  createEvaluator,
  defaultFuel,
  type Evaluator,
  evaluate,
  UnhandledException,
} from './machine/evaluator.ts';
export type { LedgerEffects } from './machine/ledger-effects.ts';
export { FuelExhausted } from './machine/machine.ts';
export { lfTypeKey } from './types/lf-type-key.ts';
export {
  createLfValueTypes,
  type LfValueTypes,
  type PackageLookup,
  UnserializableTypeError,
} from './types/lf-value-types.ts';
export { substitute, type TypeBindings } from './types/substitute.ts';
export { createPackageCache, type PackageCache } from './validate/package-cache.ts';
export { forEachReference, type Reference } from './validate/package-references.ts';
export { asUploadError } from './validate/upload-errors.ts';
export {
  isUtilityPackage,
  type KnownPackages,
  type UploadedPackage,
  type ValidateOptions,
  validateUpload,
} from './validate/validate-upload.ts';
export { danglingReference, type PackageSource } from './validate/well-formed.ts';
export { ArithmeticFailure, FatalFailure } from './values/evaluation-errors.ts';
export type { LfValue } from './values/lf-value.ts';
