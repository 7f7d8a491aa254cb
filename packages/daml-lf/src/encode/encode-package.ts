// A whole package to its protobuf form, then to DALF bytes (whose package id is their hash).

import type { FieldWithType } from '../ast/types.ts';
import type {
  DefDataType,
  DefInterface,
  DefTemplate,
  Module,
  Package,
  TemplateChoice,
} from '../ast.ts';
import { sha256Hex } from '../decode/decode-archive.ts';
import { lfTypes } from '../protobuf/lf-root.ts';
import { createEncodeContext } from './encode-context.ts';
import { encodeExpr } from './encode-exprs.ts';
import { createWriters, type Writers } from './encode-helpers.ts';
import { encodeFieldWithType } from './encode-types.ts';
import { encodeUpdate } from './encode-updates.ts';

function encodeChoice(w: Writers, c: TemplateChoice) {
  return {
    nameInternedStr: w.ctx.str(c.name),
    consuming: c.consuming,
    controllers: w.expr(c.controllers),
    ...(c.observers ? { observers: w.expr(c.observers) } : {}),
    ...(c.authorizers ? { authorizers: w.expr(c.authorizers) } : {}),
    argBinder: w.varWithType(c.argBinder),
    retType: w.type(c.returnType),
    update: w.expr(c.update),
    selfBinderInternedStr: w.ctx.str(c.selfBinder),
  };
}

function encodeDataType(w: Writers, d: DefDataType) {
  const base = {
    nameInternedDname: w.ctx.dottedName(d.name),
    params: w.typeVars(d.params),
    serializable: d.serializable,
  };
  const withTypes = (list: readonly FieldWithType[]) => ({
    fields: list.map((f) => encodeFieldWithType(w.ctx, f)),
  });
  switch (d.tag) {
    case 'record':
      return { ...base, record: withTypes(d.fields) };
    case 'variant':
      return { ...base, variant: withTypes(d.variants) };
    case 'enum':
      return { ...base, enum: { constructorsInternedStr: d.constructors.map(w.ctx.str) } };
    case 'interface':
      return { ...base, interface: {} };
  }
}

function encodeTemplate(w: Writers, t: DefTemplate) {
  return {
    tyconInternedDname: w.ctx.dottedName(t.name),
    paramInternedStr: w.ctx.str(t.param),
    precond: w.expr(t.precond),
    signatories: w.expr(t.signatories),
    choices: [...t.choices.values()].map((c) => encodeChoice(w, c)),
    observers: w.expr(t.observers),
    ...(t.key
      ? {
          key: {
            type: w.type(t.key.type),
            keyExpr: w.expr(t.key.keyExpr),
            maintainers: w.expr(t.key.maintainers),
          },
        }
      : {}),
    implements: [...t.implements.values()].map((impl) => ({
      interface: w.name(impl.interface),
      body: {
        methods: [...impl.methods].map(([name, value]) => ({
          methodInternedName: w.ctx.str(name),
          value: w.expr(value),
        })),
        view: w.expr(impl.view),
      },
    })),
  };
}

function encodeInterface(w: Writers, i: DefInterface) {
  return {
    tyconInternedDname: w.ctx.dottedName(i.name),
    methods: [...i.methods.values()].map((m) => ({
      methodInternedName: w.ctx.str(m.name),
      type: w.type(m.type),
    })),
    paramInternedStr: w.ctx.str(i.param),
    choices: [...i.choices.values()].map((c) => encodeChoice(w, c)),
    view: w.type(i.view),
    requires: i.requires.map(w.name),
  };
}

function encodeModule(w: Writers, m: Module) {
  return {
    nameInternedDname: w.ctx.dottedName(m.name),
    flags: { ...m.flags },
    synonyms: [...m.synonyms.values()].map((s) => ({
      nameInternedDname: w.ctx.dottedName(s.name),
      params: w.typeVars(s.params),
      type: w.type(s.type),
    })),
    dataTypes: [...m.dataTypes.values()].map((d) => encodeDataType(w, d)),
    values: [...m.values.values()].map((v) => ({
      nameWithType: { nameInternedDname: w.ctx.dottedName(v.name), type: w.type(v.type) },
      expr: w.expr(v.expr),
    })),
    templates: [...m.templates.values()].map((t) => encodeTemplate(w, t)),
    exceptions: [...m.exceptions.values()].map((x) => ({
      nameInternedDname: w.ctx.dottedName(x.name),
      message: w.expr(x.message),
    })),
    interfaces: [...m.interfaces.values()].map((i) => encodeInterface(w, i)),
  };
}

/**
 * The encoded LF `Package` message. References to `pkg.packageId` are written as `self`, so a
 * hand-built package may use any placeholder id for itself (its real id is its payload's hash).
 */
export function encodeLfPackage(pkg: Package): Uint8Array {
  const ctx = createEncodeContext(pkg.packageId);
  const w = createWriters(ctx, encodeExpr, encodeUpdate);
  const modules = [...pkg.modules.values()].map((m) => encodeModule(w, m));
  const metadata = {
    nameInternedStr: ctx.str(pkg.metadata.name),
    versionInternedStr: ctx.str(pkg.metadata.version),
    ...(pkg.metadata.upgradedPackageId
      ? {
          upgradedPackageId: {
            upgradedPackageIdInternedStr: ctx.str(pkg.metadata.upgradedPackageId),
          },
        }
      : {}),
  };
  return lfTypes()
    .packageType.encode({ modules, metadata, ...ctx.tables() })
    .finish();
}

/** A DALF of the package: `Archive` { SHA-256, hash of the payload, payload (LF 2.minor) }. */
export function encodeDalf(pkg: Package): { packageId: string; archive: Uint8Array } {
  const minor = pkg.languageVersion.minor;
  const { archivePayloadType, archiveType } = lfTypes();
  const payload = archivePayloadType.encode({ minor, damlLf_2: encodeLfPackage(pkg) }).finish();
  const packageId = sha256Hex(payload);
  const archive = archiveType.encode({ hashFunction: 0, payload, hash: packageId }).finish();
  return { packageId, archive };
}
