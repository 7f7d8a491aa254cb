// Expressions to their protobuf form: one writer per expression tag (the map is exhaustive).
import { builtinCons } from '../ast/builtins.ts';
import type { CaseAlt, Expr, ExprOf, ExprTag } from '../ast/expressions.ts';
import { builtinFunctionEnum } from '../protobuf/lf2-builtins.schema.ts';
import type { WireSum } from '../protobuf/wire-types.ts';
import { encodeBuiltinLit, type Writers } from './encode-helpers.ts';

type ExprWriters = { readonly [TTag in ExprTag]: (e: ExprOf<TTag>, w: Writers) => WireSum };

const typed = (e: { type: ExprOf<'toAny'>['type']; expr: Expr }, w: Writers) => ({
  type: w.type(e.type),
  expr: w.expr(e.expr),
});
const ofInterface = (e: ExprOf<'viewInterface'>, w: Writers) => ({
  interface: w.name(e.interface),
  expr: w.expr(e.expr),
});
const required = (e: ExprOf<'toRequiredInterface'>, w: Writers) => ({
  requiredInterface: w.name(e.requiredInterface),
  requiringInterface: w.name(e.requiringInterface),
  expr: w.expr(e.expr),
});
const choiceParty = (e: ExprOf<'choiceController'>, w: Writers) => ({
  template: w.name(e.template),
  choiceInternedStr: w.ctx.str(e.choice),
  contractExpr: w.expr(e.contract),
  choiceArgExpr: w.expr(e.choiceArg),
});

const writers: ExprWriters = {
  var: (e, w) => ({ varInternedStr: w.ctx.str(e.name) }),
  val: (e, w) => ({ val: w.name(e.value) }),
  builtin: (e) => ({ builtin: builtinFunctionEnum.values[e.builtin] }),
  builtinCon: (e) => ({ builtinCon: builtinCons.indexOf(e.con) }),
  builtinLit: (e, w) => ({ builtinLit: encodeBuiltinLit(w.ctx, e.lit) }),
  recCon: (e, w) => ({
    recCon: { tycon: w.tyConApp(e.tycon), fields: w.fieldsWithExpr(e.fields) },
  }),
  recProj: (e, w) => ({
    recProj: {
      tycon: w.tyConApp(e.tycon),
      fieldInternedStr: w.ctx.str(e.field),
      record: w.expr(e.record),
    },
  }),
  recUpd: (e, w) => ({
    recUpd: {
      tycon: w.tyConApp(e.tycon),
      fieldInternedStr: w.ctx.str(e.field),
      record: w.expr(e.record),
      update: w.expr(e.update),
    },
  }),
  variantCon: (e, w) => ({
    variantCon: {
      tycon: w.tyConApp(e.tycon),
      variantConInternedStr: w.ctx.str(e.variant),
      variantArg: w.expr(e.arg),
    },
  }),
  enumCon: (e, w) => ({
    enumCon: { tycon: w.name(e.tycon), enumConInternedStr: w.ctx.str(e.constructor) },
  }),
  structCon: (e, w) => ({ structCon: { fields: w.fieldsWithExpr(e.fields) } }),
  structProj: (e, w) => ({
    structProj: { fieldInternedStr: w.ctx.str(e.field), struct: w.expr(e.struct) },
  }),
  structUpd: (e, w) => ({
    structUpd: {
      fieldInternedStr: w.ctx.str(e.field),
      struct: w.expr(e.struct),
      update: w.expr(e.update),
    },
  }),
  app: (e, w) => ({ app: { fun: w.expr(e.fun), args: e.args.map(w.expr) } }),
  tyApp: (e, w) => ({ tyApp: { expr: w.expr(e.expr), types: e.types.map(w.type) } }),
  abs: (e, w) => ({ abs: { param: e.params.map(w.varWithType), body: w.expr(e.body) } }),
  tyAbs: (e, w) => ({ tyAbs: { param: w.typeVars(e.params), body: w.expr(e.body) } }),
  case: (e, w) => ({
    case: { scrut: w.expr(e.scrut), alts: e.alts.map((alt) => encodeCaseAlt(w, alt)) },
  }),
  let: (e, w) => ({ let: { bindings: w.bindings(e.bindings), body: w.expr(e.body) } }),
  nil: (e, w) => ({ nil: { type: w.type(e.type) } }),
  cons: (e, w) => ({
    cons: { type: w.type(e.type), front: e.front.map(w.expr), tail: w.expr(e.tail) },
  }),
  update: (e, w) => ({ update: w.update(e.update) }),
  optionalNone: (e, w) => ({ optionalNone: { type: w.type(e.type) } }),
  optionalSome: (e, w) => ({ optionalSome: { type: w.type(e.type), value: w.expr(e.value) } }),
  toAny: (e, w) => ({ toAny: typed(e, w) }),
  fromAny: (e, w) => ({ fromAny: typed(e, w) }),
  typeRep: (e, w) => ({ typeRep: w.type(e.type) }),
  toAnyException: (e, w) => ({ toAnyException: typed(e, w) }),
  fromAnyException: (e, w) => ({ fromAnyException: typed(e, w) }),
  throw: (e, w) => ({
    throw: {
      returnType: w.type(e.returnType),
      exceptionType: w.type(e.exceptionType),
      exceptionExpr: w.expr(e.exception),
    },
  }),
  toInterface: (e, w) => ({
    toInterface: {
      interfaceType: w.name(e.interface),
      templateType: w.name(e.template),
      templateExpr: w.expr(e.expr),
    },
  }),
  fromInterface: (e, w) => ({
    fromInterface: {
      interfaceType: w.name(e.interface),
      templateType: w.name(e.template),
      interfaceExpr: w.expr(e.expr),
    },
  }),
  callInterface: (e, w) => ({
    callInterface: {
      interfaceType: w.name(e.interface),
      methodInternedName: w.ctx.str(e.method),
      interfaceExpr: w.expr(e.expr),
    },
  }),
  signatoryInterface: (e, w) => ({
    signatoryInterface: ofInterface({ ...e, tag: 'viewInterface' }, w),
  }),
  observerInterface: (e, w) => ({
    observerInterface: ofInterface({ ...e, tag: 'viewInterface' }, w),
  }),
  viewInterface: (e, w) => ({ viewInterface: ofInterface(e, w) }),
  unsafeFromInterface: (e, w) => ({
    unsafeFromInterface: {
      interfaceType: w.name(e.interface),
      templateType: w.name(e.template),
      contractIdExpr: w.expr(e.contractId),
      interfaceExpr: w.expr(e.expr),
    },
  }),
  interfaceTemplateTypeRep: (e, w) => ({
    interfaceTemplateTypeRep: ofInterface({ ...e, tag: 'viewInterface' }, w),
  }),
  toRequiredInterface: (e, w) => ({ toRequiredInterface: required(e, w) }),
  fromRequiredInterface: (e, w) => ({
    fromRequiredInterface: required({ ...e, tag: 'toRequiredInterface' }, w),
  }),
  unsafeFromRequiredInterface: (e, w) => ({
    unsafeFromRequiredInterface: {
      requiredInterface: w.name(e.requiredInterface),
      requiringInterface: w.name(e.requiringInterface),
      contractIdExpr: w.expr(e.contractId),
      interfaceExpr: w.expr(e.expr),
    },
  }),
  choiceController: (e, w) => ({ choiceController: choiceParty(e, w) }),
  choiceObserver: (e, w) => ({ choiceObserver: choiceParty({ ...e, tag: 'choiceController' }, w) }),
  experimental: (e, w) => ({ experimental: { name: e.name, type: w.type(e.type) } }),
};

export function encodeExpr(w: Writers, expr: Expr): WireSum {
  const write = writers[expr.tag] as (e: Expr, w: Writers) => WireSum;
  return write(expr, w);
}

function encodeCaseAlt(w: Writers, alt: CaseAlt): object {
  const body = w.expr(alt.body);
  const p = alt.pattern;
  switch (p.tag) {
    case 'default':
    case 'nil':
    case 'optionalNone':
      return { body, [p.tag]: {} };
    case 'variant':
      return {
        body,
        variant: {
          con: w.name(p.tycon),
          variantInternedStr: w.ctx.str(p.variant),
          binderInternedStr: w.ctx.str(p.binder),
        },
      };
    case 'enum':
      return {
        body,
        enum: { con: w.name(p.tycon), constructorInternedStr: w.ctx.str(p.constructor) },
      };
    case 'builtinCon':
      return { body, builtinCon: builtinCons.indexOf(p.con) };
    case 'cons':
      return {
        body,
        cons: { varHeadInternedStr: w.ctx.str(p.head), varTailInternedStr: w.ctx.str(p.tail) },
      };
    case 'optionalSome':
      return { body, optionalSome: { varBodyInternedStr: w.ctx.str(p.binder) } };
  }
}
