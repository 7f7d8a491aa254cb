// Updates from their protobuf form: one reader per `Update.Sum` member.
import type { Update } from '../ast/updates.ts';
import type { WireSum } from '../protobuf/wire-types.ts';
import { member, type Readers, type Sub } from './decode-helpers.ts';
import { corrupt } from './lf-decode-error.ts';

type UpdateReader = (m: Sub, r: Readers) => Update;

const readers: Record<string, UpdateReader> = {
  pure: (m, r) => ({ tag: 'pure', type: r.type(m.type), expr: r.expr(m.expr) }),
  block: (m, r) => ({ tag: 'block', bindings: r.bindings(m.bindings), body: r.expr(m.body) }),
  create: (m, r) => ({ tag: 'create', template: r.name(m.template), expr: r.expr(m.expr) }),
  createInterface: (m, r) => ({
    tag: 'createInterface',
    interface: r.name(m.interface),
    expr: r.expr(m.expr),
  }),
  exercise: (m, r) => ({
    tag: 'exercise',
    template: r.name(m.template),
    choice: r.str(m.choiceInternedStr),
    cid: r.expr(m.cid),
    arg: r.expr(m.arg),
  }),
  exerciseInterface: (m, r) => {
    const guard = r.optionalExpr(m.guard);
    return {
      tag: 'exerciseInterface',
      interface: r.name(m.interface),
      choice: r.str(m.choiceInternedStr),
      cid: r.expr(m.cid),
      arg: r.expr(m.arg),
      ...(guard ? { guard } : {}),
    };
  },
  exerciseByKey: (m, r) => ({
    tag: 'exerciseByKey',
    template: r.name(m.template),
    choice: r.str(m.choiceInternedStr),
    key: r.expr(m.key),
    arg: r.expr(m.arg),
  }),
  fetch: (m, r) => ({ tag: 'fetch', template: r.name(m.template), cid: r.expr(m.cid) }),
  fetchInterface: (m, r) => ({
    tag: 'fetchInterface',
    interface: r.name(m.interface),
    cid: r.expr(m.cid),
  }),
  getTime: () => ({ tag: 'getTime' }),
  lookupByKey: (m, r) => ({ tag: 'lookupByKey', template: r.name(m.template) }),
  fetchByKey: (m, r) => ({ tag: 'fetchByKey', template: r.name(m.template) }),
  embedExpr: (m, r) => ({ tag: 'embedExpr', type: r.type(m.type), body: r.expr(m.body) }),
  tryCatch: (m, r) => ({
    tag: 'tryCatch',
    returnType: r.type(m.returnType),
    tryExpr: r.expr(m.tryExpr),
    binder: r.str(m.varInternedStr),
    catchExpr: r.expr(m.catchExpr),
  }),
  ledgerTimeLt: (m, r) => ({ tag: 'ledgerTimeLt', expr: r.expr(m) }),
};

export function decodeUpdate(r: Readers, wire: WireSum | null | undefined): Update {
  if (!wire) return corrupt('an update is missing');
  const reader = readers[wire.Sum ?? ''];
  return reader ? reader(member(wire, 'an update'), r) : corrupt(`unknown update ${wire.Sum}`);
}
