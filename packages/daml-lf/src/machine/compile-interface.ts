import type { Expr } from '../ast/expressions.ts';
import type { TypeConName } from '../ast/names.ts';
import { qualifiedNameKey } from '../ast/names.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type { ContractIdValue, LfValue, RecordValue } from '../values/lf-value.ts';
import { none, some } from '../values/lf-value.ts';
import type { CompileContext } from './compile-context.ts';
import type { Compiled } from './compiled.ts';
import { computed, evaluateAll, evaluateThen } from './compiled.ts';
import type { Machine } from './machine.ts';
import { applyFunction } from './machine.ts';
import type { Scope } from './scope.ts';
import {
  choicePart,
  implementationOf,
  methodFunction,
  templateOfValue,
  templatePart,
  viewFunction,
} from './template-functions.ts';

type Then = (machine: Machine, value: RecordValue) => void;

function onValue(context: CompileContext, scope: Scope, expr: Expr, then: Then): Compiled {
  return computed(
    evaluateThen(context.expression(scope, expr), (machine, value) =>
      then(machine, value as RecordValue),
    ),
  );
}

function implementsInterface(
  context: CompileContext,
  value: RecordValue,
  iface: TypeConName,
): boolean {
  return implementationOf(templateOfValue(context, value).template, iface) !== undefined;
}

function wronglyTyped(contractId: LfValue, expected: TypeConName, actual: string): never {
  throw new FatalFailure(
    `wrongly typed contract ${(contractId as ContractIdValue).contractId} expected ${qualifiedNameKey(expected)} got ${actual}`,
  );
}

function checkedDowncast(
  context: CompileContext,
  scope: Scope,
  expr: { contractId: Expr; expr: Expr },
  accepts: (value: RecordValue) => { ok: boolean; expected: TypeConName },
): Compiled {
  const parts = [context.expression(scope, expr.contractId), context.expression(scope, expr.expr)];
  return computed(
    evaluateAll(parts, (machine, [contractId, value]) => {
      const record = value as RecordValue;
      const { ok, expected } = accepts(record);
      if (!ok) wronglyTyped(contractId as LfValue, expected, record.tycon);
      machine.value = record;
    }),
  );
}

/**
 * Interface values are the template's record itself (as in Speedy): converting to an
 * interface is the identity, and everything else dispatches on the record's template.
 */
export function compileInterfaceExpression(
  context: CompileContext,
  scope: Scope,
  expr: Expr,
): Compiled | null {
  switch (expr.tag) {
    case 'toInterface':
    case 'toRequiredInterface':
      return context.expression(scope, expr.expr);
    case 'fromInterface': {
      const key = qualifiedNameKey(expr.template);
      return onValue(context, scope, expr.expr, (machine, value) => {
        machine.value = value.tycon === key ? some(value) : none;
      });
    }
    case 'unsafeFromInterface': {
      const key = qualifiedNameKey(expr.template);
      return checkedDowncast(context, scope, expr, (value) => ({
        ok: value.tycon === key,
        expected: expr.template,
      }));
    }
    case 'fromRequiredInterface': {
      const target = expr.requiringInterface;
      return onValue(context, scope, expr.expr, (machine, value) => {
        machine.value = implementsInterface(context, value, target) ? some(value) : none;
      });
    }
    case 'unsafeFromRequiredInterface': {
      const target = expr.requiringInterface;
      return checkedDowncast(context, scope, expr, (value) => ({
        ok: implementsInterface(context, value, target),
        expected: target,
      }));
    }
    case 'viewInterface':
      return onValue(context, scope, expr.expr, (machine, value) => {
        applyFunction(
          machine,
          viewFunction(context, templateOfValue(context, value).name, expr.interface),
          [value],
        );
      });
    case 'callInterface':
      return onValue(context, scope, expr.expr, (machine, value) => {
        const method = methodFunction(
          context,
          templateOfValue(context, value).name,
          expr.interface,
          expr.method,
        );
        applyFunction(machine, method, [value]);
      });
    case 'signatoryInterface':
    case 'observerInterface': {
      const part = expr.tag === 'signatoryInterface' ? 'signatories' : 'observers';
      return onValue(context, scope, expr.expr, (machine, value) => {
        applyFunction(machine, templatePart(context, templateOfValue(context, value).name, part), [
          value,
        ]);
      });
    }
    case 'interfaceTemplateTypeRep':
      return onValue(context, scope, expr.expr, (machine, value) => {
        machine.value = { tag: 'TypeRep', type: { tag: 'Con', tycon: value.tycon } };
      });
    case 'choiceController':
    case 'choiceObserver': {
      const part = expr.tag === 'choiceController' ? 'controllers' : 'observers';
      const parts = [
        context.expression(scope, expr.contract),
        context.expression(scope, expr.choiceArg),
      ];
      return computed(
        evaluateAll(parts, (machine, [contract, argument]) => {
          const fn = choicePart(context, expr.template, expr.choice, part);
          if (fn === null) machine.value = { tag: 'Nil' };
          else applyFunction(machine, fn, [contract as LfValue, argument as LfValue]);
        }),
      );
    }
    default:
      return null;
  }
}
