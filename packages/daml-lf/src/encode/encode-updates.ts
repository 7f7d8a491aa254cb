// Updates to their protobuf form: the `Update.Sum` member each tag is written as.
import type { Update } from '../ast/updates.ts';
import type { WireSum } from '../protobuf/wire-types.ts';
import type { Writers } from './encode-helpers.ts';

export function encodeUpdate(w: Writers, u: Update): WireSum {
  switch (u.tag) {
    case 'pure':
      return { pure: { type: w.type(u.type), expr: w.expr(u.expr) } };
    case 'block':
      return { block: { bindings: w.bindings(u.bindings), body: w.expr(u.body) } };
    case 'create':
      return { create: { template: w.name(u.template), expr: w.expr(u.expr) } };
    case 'createInterface':
      return { createInterface: { interface: w.name(u.interface), expr: w.expr(u.expr) } };
    case 'exercise':
      return {
        exercise: {
          template: w.name(u.template),
          choiceInternedStr: w.ctx.str(u.choice),
          cid: w.expr(u.cid),
          arg: w.expr(u.arg),
        },
      };
    case 'exerciseInterface':
      return {
        exerciseInterface: {
          interface: w.name(u.interface),
          choiceInternedStr: w.ctx.str(u.choice),
          cid: w.expr(u.cid),
          arg: w.expr(u.arg),
          ...(u.guard ? { guard: w.expr(u.guard) } : {}),
        },
      };
    case 'exerciseByKey':
      return {
        exerciseByKey: {
          template: w.name(u.template),
          choiceInternedStr: w.ctx.str(u.choice),
          key: w.expr(u.key),
          arg: w.expr(u.arg),
        },
      };
    case 'fetch':
      return { fetch: { template: w.name(u.template), cid: w.expr(u.cid) } };
    case 'fetchInterface':
      return { fetchInterface: { interface: w.name(u.interface), cid: w.expr(u.cid) } };
    case 'getTime':
      return { getTime: {} };
    case 'lookupByKey':
      return { lookupByKey: { template: w.name(u.template) } };
    case 'fetchByKey':
      return { fetchByKey: { template: w.name(u.template) } };
    case 'embedExpr':
      return { embedExpr: { type: w.type(u.type), body: w.expr(u.body) } };
    case 'tryCatch':
      return {
        tryCatch: {
          returnType: w.type(u.returnType),
          tryExpr: w.expr(u.tryExpr),
          varInternedStr: w.ctx.str(u.binder),
          catchExpr: w.expr(u.catchExpr),
        },
      };
    case 'ledgerTimeLt':
      return { ledgerTimeLt: w.expr(u.expr) };
  }
}
