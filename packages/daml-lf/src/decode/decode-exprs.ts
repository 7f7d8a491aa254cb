// Expressions from their protobuf form: one reader per `Expr.Sum` member.
import { builtinCons, builtinFunctions } from '../ast/builtins.ts';
import type { CaseAlt, Expr } from '../ast/expressions.ts';
import { builtinFunctionEnum } from '../protobuf/lf2-builtins.schema.ts';
import type { WireBuiltinLit, WireSum } from '../protobuf/wire-types.ts';
import { list, member, type Readers, type Sub } from './decode-helpers.ts';
import { decodeBuiltinLit } from './decode-literals.ts';
import { corrupt } from './lf-decode-error.ts';

const builtinByNumber = new Map(
  Object.entries(builtinFunctionEnum.values).map(([name, number]) => [number, name]),
);
const builtinFunction = (number: number) => {
  const name = builtinByNumber.get(number);
  return builtinFunctions.find((known) => known === name) ?? corrupt(`unknown builtin ${number}`);
};
const builtinCon = (number: unknown) =>
  builtinCons[number as number] ?? corrupt(`unknown builtin constructor ${String(number)}`);

type ExprReader = (m: Sub, r: Readers, wire: WireSum) => Expr;
type Typed = 'toAny' | 'fromAny' | 'toAnyException' | 'fromAnyException';
type OfInterface = 'signatoryInterface' | 'observerInterface' | 'viewInterface';

const typed =
  (tag: Typed): ExprReader =>
  (m, r) => ({ tag, type: r.type(m.type), expr: r.expr(m.expr) });
const ofInterface =
  (tag: OfInterface | 'interfaceTemplateTypeRep'): ExprReader =>
  (m, r) => ({ tag, interface: r.name(m.interface), expr: r.expr(m.expr) });
const requiredInterface =
  (tag: 'toRequiredInterface' | 'fromRequiredInterface'): ExprReader =>
  (m, r) => ({
    tag,
    requiredInterface: r.name(m.requiredInterface),
    requiringInterface: r.name(m.requiringInterface),
    expr: r.expr(m.expr),
  });
const choiceParty =
  (tag: 'choiceController' | 'choiceObserver'): ExprReader =>
  (m, r) => ({
    tag,
    template: r.name(m.template),
    choice: r.str(m.choiceInternedStr),
    contract: r.expr(m.contractExpr),
    choiceArg: r.expr(m.choiceArgExpr),
  });

const scalarReaders: Record<string, ExprReader> = {
  varInternedStr: (_m, r, w) => ({ tag: 'var', name: r.str(w.varInternedStr) }),
  builtin: (_m, _r, w) => ({ tag: 'builtin', builtin: builtinFunction(w.builtin as number) }),
  builtinCon: (_m, _r, w) => ({ tag: 'builtinCon', con: builtinCon(w.builtinCon) }),
  internedExpr: () => corrupt('interned expressions are an LF 2.dev feature'),
};

const readers: Record<string, ExprReader> = {
  val: (m, r) => ({ tag: 'val', value: r.name(m) }),
  builtinLit: (m, r) => ({
    tag: 'builtinLit',
    lit: decodeBuiltinLit(r.ctx, m as WireBuiltinLit),
  }),
  recCon: (m, r) => ({
    tag: 'recCon',
    tycon: r.tyConApp(m.tycon),
    fields: r.fieldsWithExpr(m.fields),
  }),
  recProj: (m, r) => ({
    tag: 'recProj',
    tycon: r.tyConApp(m.tycon),
    field: r.str(m.fieldInternedStr),
    record: r.expr(m.record),
  }),
  recUpd: (m, r) => ({
    tag: 'recUpd',
    tycon: r.tyConApp(m.tycon),
    field: r.str(m.fieldInternedStr),
    record: r.expr(m.record),
    update: r.expr(m.update),
  }),
  variantCon: (m, r) => ({
    tag: 'variantCon',
    tycon: r.tyConApp(m.tycon),
    variant: r.str(m.variantConInternedStr),
    arg: r.expr(m.variantArg),
  }),
  enumCon: (m, r) => ({
    tag: 'enumCon',
    tycon: r.name(m.tycon),
    constructor: r.str(m.enumConInternedStr),
  }),
  structCon: (m, r) => ({ tag: 'structCon', fields: r.fieldsWithExpr(m.fields) }),
  structProj: (m, r) => ({
    tag: 'structProj',
    field: r.str(m.fieldInternedStr),
    struct: r.expr(m.struct),
  }),
  structUpd: (m, r) => ({
    tag: 'structUpd',
    field: r.str(m.fieldInternedStr),
    struct: r.expr(m.struct),
    update: r.expr(m.update),
  }),
  app: (m, r) => ({ tag: 'app', fun: r.expr(m.fun), args: list(m.args).map(r.expr) }),
  tyApp: (m, r) => ({ tag: 'tyApp', expr: r.expr(m.expr), types: r.types(m.types) }),
  abs: (m, r) => ({ tag: 'abs', params: list(m.param).map(r.varWithType), body: r.expr(m.body) }),
  tyAbs: (m, r) => ({ tag: 'tyAbs', params: r.typeVars(m.param), body: r.expr(m.body) }),
  case: (m, r) => ({
    tag: 'case',
    scrut: r.expr(m.scrut),
    alts: list(m.alts).map((alt) => decodeCaseAlt(r, alt as WireSum)),
  }),
  let: (m, r) => ({ tag: 'let', bindings: r.bindings(m.bindings), body: r.expr(m.body) }),
  nil: (m, r) => ({ tag: 'nil', type: r.type(m.type) }),
  cons: (m, r) => ({
    tag: 'cons',
    type: r.type(m.type),
    front: list(m.front).map(r.expr),
    tail: r.expr(m.tail),
  }),
  update: (m, r) => ({ tag: 'update', update: r.update(m) }),
  optionalNone: (m, r) => ({ tag: 'optionalNone', type: r.type(m.type) }),
  optionalSome: (m, r) => ({ tag: 'optionalSome', type: r.type(m.type), value: r.expr(m.value) }),
  toAny: typed('toAny'),
  fromAny: typed('fromAny'),
  typeRep: (m, r) => ({ tag: 'typeRep', type: r.type(m) }),
  toAnyException: typed('toAnyException'),
  fromAnyException: typed('fromAnyException'),
  throw: (m, r) => ({
    tag: 'throw',
    returnType: r.type(m.returnType),
    exceptionType: r.type(m.exceptionType),
    exception: r.expr(m.exceptionExpr),
  }),
  toInterface: (m, r) => ({
    tag: 'toInterface',
    interface: r.name(m.interfaceType),
    template: r.name(m.templateType),
    expr: r.expr(m.templateExpr),
  }),
  fromInterface: (m, r) => ({
    tag: 'fromInterface',
    interface: r.name(m.interfaceType),
    template: r.name(m.templateType),
    expr: r.expr(m.interfaceExpr),
  }),
  callInterface: (m, r) => ({
    tag: 'callInterface',
    interface: r.name(m.interfaceType),
    method: r.str(m.methodInternedName),
    expr: r.expr(m.interfaceExpr),
  }),
  signatoryInterface: ofInterface('signatoryInterface'),
  observerInterface: ofInterface('observerInterface'),
  viewInterface: ofInterface('viewInterface'),
  unsafeFromInterface: (m, r) => ({
    tag: 'unsafeFromInterface',
    interface: r.name(m.interfaceType),
    template: r.name(m.templateType),
    contractId: r.expr(m.contractIdExpr),
    expr: r.expr(m.interfaceExpr),
  }),
  interfaceTemplateTypeRep: ofInterface('interfaceTemplateTypeRep'),
  toRequiredInterface: requiredInterface('toRequiredInterface'),
  fromRequiredInterface: requiredInterface('fromRequiredInterface'),
  unsafeFromRequiredInterface: (m, r) => ({
    tag: 'unsafeFromRequiredInterface',
    requiredInterface: r.name(m.requiredInterface),
    requiringInterface: r.name(m.requiringInterface),
    contractId: r.expr(m.contractIdExpr),
    expr: r.expr(m.interfaceExpr),
  }),
  choiceController: choiceParty('choiceController'),
  choiceObserver: choiceParty('choiceObserver'),
  experimental: (m, r) => ({ tag: 'experimental', name: String(m.name), type: r.type(m.type) }),
};

export function decodeExpr(r: Readers, wire: WireSum | null | undefined): Expr {
  if (!wire) return corrupt('an expression is missing');
  const form = wire.Sum ?? '';
  const scalar = scalarReaders[form];
  const expr = scalar
    ? scalar({}, r, wire)
    : readers[form]?.(member(wire, 'an expression'), r, wire);
  if (!expr) return corrupt(`unknown expression form ${form}`);
  if (!r.ctx.keepLocations || !wire.location) return expr;
  const loc = r.ctx.location(wire.location);
  return loc ? { ...expr, loc } : expr;
}

function decodeCaseAlt(r: Readers, wire: WireSum): CaseAlt {
  return { pattern: decodeCasePattern(r, wire), body: r.expr(wire.body) };
}

function decodeCasePattern(r: Readers, wire: WireSum): CaseAlt['pattern'] {
  const m = (wire.Sum === 'builtinCon' ? {} : member(wire, 'a case alternative')) as Sub;
  switch (wire.Sum) {
    case 'default':
    case 'nil':
    case 'optionalNone':
      return { tag: wire.Sum };
    case 'variant':
      return {
        tag: 'variant',
        tycon: r.name(m.con),
        variant: r.str(m.variantInternedStr),
        binder: r.str(m.binderInternedStr),
      };
    case 'enum':
      return { tag: 'enum', tycon: r.name(m.con), constructor: r.str(m.constructorInternedStr) };
    case 'builtinCon':
      return { tag: 'builtinCon', con: builtinCon(wire.builtinCon) };
    case 'cons':
      return { tag: 'cons', head: r.str(m.varHeadInternedStr), tail: r.str(m.varTailInternedStr) };
    case 'optionalSome':
      return { tag: 'optionalSome', binder: r.str(m.varBodyInternedStr) };
    default:
      return corrupt(`unknown case pattern ${wire.Sum}`);
  }
}
