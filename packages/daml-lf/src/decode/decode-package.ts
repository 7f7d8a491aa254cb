// A whole LF 2 package from its protobuf form.

import type { PackageId } from '../ast/names.ts';
import type { Module, Package } from '../ast.ts';
import type { WireModule, WirePackage } from '../protobuf/wire-types.ts';
import { createDecodeContext, type DecodeOptions } from './decode-context.ts';
import {
  byName,
  decodeDataType,
  decodeException,
  decodeInterface,
  decodeSynonym,
  decodeTemplate,
  decodeValue,
} from './decode-definitions.ts';
import { decodeExpr } from './decode-exprs.ts';
import { createReaders, type Readers } from './decode-helpers.ts';
import { decodeInternedTypes } from './decode-types.ts';
import { decodeUpdate } from './decode-updates.ts';
import { corrupt } from './lf-decode-error.ts';

function decodeModule(r: Readers, wire: WireModule): Module {
  const name = r.ctx.dottedName(wire.nameInternedDname);
  r.ctx.enterModule(name);
  return {
    name,
    flags: {
      forbidPartyLiterals: wire.flags?.forbidPartyLiterals === true,
      dontDivulgeContractIdsInCreateArguments:
        wire.flags?.dontDivulgeContractIdsInCreateArguments === true,
      dontDiscloseNonConsumingChoicesToObservers:
        wire.flags?.dontDiscloseNonConsumingChoicesToObservers === true,
    },
    synonyms: byName((wire.synonyms ?? []).map((d) => decodeSynonym(r, d))),
    dataTypes: byName((wire.dataTypes ?? []).map((d) => decodeDataType(r, d))),
    values: byName((wire.values ?? []).map((d) => decodeValue(r, d))),
    templates: byName((wire.templates ?? []).map((d) => decodeTemplate(r, d))),
    exceptions: byName((wire.exceptions ?? []).map((d) => decodeException(r, d))),
    interfaces: byName((wire.interfaces ?? []).map((d) => decodeInterface(r, d))),
  };
}

export function decodeLfPackage(
  wire: WirePackage,
  packageId: PackageId,
  options: DecodeOptions & { readonly minor: string },
): Package {
  const ctx = createDecodeContext(wire, packageId, options);
  if (!wire.metadata) return corrupt(`package ${packageId} has no metadata`);
  if ((wire.internedKinds ?? []).length > 0 || (wire.internedExprs ?? []).length > 0) {
    return corrupt(`package ${packageId} interns kinds or expressions (LF 2.dev)`);
  }
  decodeInternedTypes(ctx, wire.internedTypes ?? []);
  const readers = createReaders(ctx, decodeExpr, decodeUpdate);
  const modules = byName((wire.modules ?? []).map((module) => decodeModule(readers, module)));
  const upgraded = wire.metadata.upgradedPackageId;
  return {
    packageId,
    languageVersion: { major: 2, minor: options.minor },
    metadata: {
      name: ctx.str(wire.metadata.nameInternedStr),
      version: ctx.str(wire.metadata.versionInternedStr),
      ...(upgraded ? { upgradedPackageId: ctx.str(upgraded.upgradedPackageIdInternedStr) } : {}),
    },
    modules,
    directDependencies: [...ctx.dependencies].sort(),
  };
}
