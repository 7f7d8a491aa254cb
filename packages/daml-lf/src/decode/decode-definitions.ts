// Definitions of one module: data types, synonyms, values, exceptions, templates, interfaces.

import { type Location, qualifiedNameKey } from '../ast/names.ts';
import type {
  DefDataType,
  DefException,
  DefInterface,
  DefTemplate,
  DefTypeSyn,
  DefValue,
  TemplateChoice,
} from '../ast.ts';
import type {
  WireChoice,
  WireDataType,
  WireInterface,
  WireLocation,
  WireModule,
  WireTemplate,
} from '../protobuf/wire-types.ts';
import type { Readers } from './decode-helpers.ts';
import { decodeFieldWithType, decodeType } from './decode-types.ts';
import { corrupt } from './lf-decode-error.ts';

type WireSynonym = NonNullable<WireModule['synonyms']>[number];
type WireValue = NonNullable<WireModule['values']>[number];
type WireException = NonNullable<WireModule['exceptions']>[number];

/** `{ loc }` when locations are kept and present, else nothing (so absent, not undefined). */
function located(r: Readers, wire: WireLocation | null | undefined): { loc?: Location } {
  const loc = r.ctx.keepLocations ? r.ctx.location(wire) : undefined;
  return loc ? { loc } : {};
}

export function decodeDataType(r: Readers, wire: WireDataType): DefDataType {
  const base = {
    name: r.ctx.dottedName(wire.nameInternedDname),
    params: r.typeVars(wire.params),
    serializable: wire.serializable === true,
    ...located(r, wire.location),
  };
  const fields = (list: WireDataType['record']) =>
    (list?.fields ?? []).map((field) => decodeFieldWithType(r.ctx, field));
  switch (wire.DataCons) {
    case 'record':
      return { ...base, tag: 'record', fields: fields(wire.record) };
    case 'variant':
      return { ...base, tag: 'variant', variants: fields(wire.variant) };
    case 'enum':
      return {
        ...base,
        tag: 'enum',
        constructors: (wire.enum?.constructorsInternedStr ?? []).map(r.str),
      };
    case 'interface':
      return { ...base, tag: 'interface' };
    default:
      return corrupt(`data type ${base.name} has no constructors`);
  }
}

export function decodeSynonym(r: Readers, wire: WireSynonym): DefTypeSyn {
  return {
    name: r.ctx.dottedName(wire.nameInternedDname),
    params: r.typeVars(wire.params),
    type: decodeType(r.ctx, wire.type),
    ...located(r, wire.location),
  };
}

export function decodeValue(r: Readers, wire: WireValue): DefValue {
  return {
    name: r.ctx.dottedName(wire.nameWithType?.nameInternedDname),
    type: decodeType(r.ctx, wire.nameWithType?.type),
    expr: r.expr(wire.expr),
    ...located(r, wire.location),
  };
}

export function decodeException(r: Readers, wire: WireException): DefException {
  return {
    name: r.ctx.dottedName(wire.nameInternedDname),
    message: r.expr(wire.message),
    ...located(r, wire.location),
  };
}

function decodeChoice(r: Readers, wire: WireChoice): TemplateChoice {
  const observers = r.optionalExpr(wire.observers);
  const authorizers = r.optionalExpr(wire.authorizers);
  return {
    name: r.str(wire.nameInternedStr),
    consuming: wire.consuming === true,
    controllers: r.expr(wire.controllers),
    ...(observers ? { observers } : {}),
    ...(authorizers ? { authorizers } : {}),
    selfBinder: r.str(wire.selfBinderInternedStr),
    argBinder: r.varWithType(wire.argBinder),
    returnType: r.type(wire.retType),
    update: r.expr(wire.update),
    ...located(r, wire.location),
  };
}

export const byName = <T extends { readonly name: string }>(items: readonly T[]) =>
  new Map(items.map((item) => [item.name, item]));

export function decodeTemplate(r: Readers, wire: WireTemplate): DefTemplate {
  const implementsList = (wire.implements ?? []).map((impl) => ({
    interface: r.name(impl.interface),
    methods: new Map(
      (impl.body?.methods ?? []).map((m) => [r.str(m.methodInternedName), r.expr(m.value)]),
    ),
    view: r.expr(impl.body?.view),
    ...located(r, impl.location),
  }));
  const key = wire.key
    ? {
        key: {
          type: r.type(wire.key.type),
          keyExpr: r.expr(wire.key.keyExpr),
          maintainers: r.expr(wire.key.maintainers),
        },
      }
    : {};
  return {
    name: r.ctx.dottedName(wire.tyconInternedDname),
    param: r.str(wire.paramInternedStr),
    precond: r.expr(wire.precond),
    signatories: r.expr(wire.signatories),
    observers: r.expr(wire.observers),
    choices: byName((wire.choices ?? []).map((choice) => decodeChoice(r, choice))),
    ...key,
    implements: new Map(implementsList.map((impl) => [qualifiedNameKey(impl.interface), impl])),
    ...located(r, wire.location),
  };
}

export function decodeInterface(r: Readers, wire: WireInterface): DefInterface {
  const methods = (wire.methods ?? []).map((method) => ({
    name: r.str(method.methodInternedName),
    type: r.type(method.type),
    ...located(r, method.location),
  }));
  return {
    name: r.ctx.dottedName(wire.tyconInternedDname),
    param: r.str(wire.paramInternedStr),
    methods: byName(methods),
    choices: byName((wire.choices ?? []).map((choice) => decodeChoice(r, choice))),
    view: r.type(wire.view),
    requires: (wire.requires ?? []).map(r.name),
    ...located(r, wire.location),
  };
}
