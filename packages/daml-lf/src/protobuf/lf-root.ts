// The protobufjs reflection root built from our schema of the DALF format.
import protobuf from 'protobufjs';
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
protobuf.Reader.recursionLimit = lfRecursionLimit;
protobuf.util.recursionLimit = lfRecursionLimit;

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

export const lfRoot = protobuf.Root.fromJSON({
  nested: {
    daml_lf: namespace(schemaSpecs.daml_lf),
    daml_lf_2: namespace(schemaSpecs.daml_lf_2),
  },
});

export const archiveType = lfRoot.lookupType('daml_lf.Archive');
export const archivePayloadType = lfRoot.lookupType('daml_lf.ArchivePayload');
export const packageType = lfRoot.lookupType('daml_lf_2.Package');
