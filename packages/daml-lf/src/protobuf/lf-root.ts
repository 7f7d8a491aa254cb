// The protobufjs reflection root built from our schema of the DALF format.
import { createRequire } from 'node:module';
import type { Root, Type } from 'protobufjs';
import { archiveEnums, archiveMessages } from './archive.schema.ts';
import { builtinFunctionEnum } from './lf2-builtins.schema.ts';
import { exprMessages } from './lf2-exprs.schema.ts';
import { packageMessages } from './lf2-package.schema.ts';
import { nameMessages, typeEnums, typeMessages } from './lf2-types.schema.ts';
import { updateMessages } from './lf2-updates.schema.ts';
import { descriptor, type EnumSpec, type MessageSpec } from './schema-dsl.ts';

/**
 * LF expressions nest far deeper than protobuf's customary 100 levels; Daml's own reader raises
 * the limit for LF 2 payloads the same way.
 */
export const lfRecursionLimit = 1000;

const namespace = (specs: Record<string, MessageSpec | EnumSpec>) => ({
  nested: Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, descriptor(spec)])),
});

/** Our message and enum specs by protobuf package, for the test that compares them with the spec. */
export const schemaSpecs = {
  daml_lf: { ...archiveMessages, ...archiveEnums },
  daml_lf_2: {
    ...nameMessages,
    ...typeMessages,
    ...typeEnums,
    BuiltinFunction: builtinFunctionEnum,
    ...exprMessages,
    ...updateMessages,
    ...packageMessages,
  },
} satisfies Record<string, Record<string, MessageSpec | EnumSpec>>;

export type LfTypes = {
  readonly root: Root;
  readonly archiveType: Type;
  readonly archivePayloadType: Type;
  readonly packageType: Type;
};

let built: LfTypes | null = null;

/**
 * The root and the message types a DALF is read and written with, made on first use:
 * protobufjs (~45 modules) and the root cost ~20 ms of CPU, which a start that reads no DALF
 * need not pay. A CommonJS package, so `require` loads it synchronously where it is needed.
 */
export function lfTypes(): LfTypes {
  if (built !== null) return built;
  const protobuf = createRequire(import.meta.url)('protobufjs') as typeof import('protobufjs');
  protobuf.Reader.recursionLimit = lfRecursionLimit;
  protobuf.util.recursionLimit = lfRecursionLimit;
  const root = protobuf.Root.fromJSON({
    nested: {
      daml_lf: namespace(schemaSpecs.daml_lf),
      daml_lf_2: namespace(schemaSpecs.daml_lf_2),
    },
  });
  built = {
    root,
    archiveType: root.lookupType('daml_lf.Archive'),
    archivePayloadType: root.lookupType('daml_lf.ArchivePayload'),
    packageType: root.lookupType('daml_lf_2.Package'),
  };
  return built;
}
