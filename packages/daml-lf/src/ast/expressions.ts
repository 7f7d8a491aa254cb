// Daml-LF expressions and case patterns (see ../ast.ts).
import type { BuiltinCon, BuiltinFunction, BuiltinLit } from './builtins.ts';
import type { Location, TypeConName, ValueName } from './names.ts';
import type { Type, TypeConApp, TypeVarWithKind } from './types.ts';
import type { Update } from './updates.ts';

export interface VarWithType {
  readonly name: string;
  readonly type: Type;
}

export interface FieldWithExpr {
  readonly field: string;
  readonly expr: Expr;
}

export interface Binding {
  readonly binder: VarWithType;
  readonly bound: Expr;
}

interface Located {
  /** Absent unless the package was decoded with locations kept. */
  readonly loc?: Location;
}

export type Expr = Located &
  (
    | { readonly tag: 'var'; readonly name: string }
    | { readonly tag: 'val'; readonly value: ValueName }
    | { readonly tag: 'builtin'; readonly builtin: BuiltinFunction }
    | { readonly tag: 'builtinCon'; readonly con: BuiltinCon }
    | { readonly tag: 'builtinLit'; readonly lit: BuiltinLit }
    | {
        readonly tag: 'recCon';
        readonly tycon: TypeConApp;
        readonly fields: readonly FieldWithExpr[];
      }
    | {
        readonly tag: 'recProj';
        readonly tycon: TypeConApp;
        readonly field: string;
        readonly record: Expr;
      }
    | {
        readonly tag: 'recUpd';
        readonly tycon: TypeConApp;
        readonly field: string;
        readonly record: Expr;
        readonly update: Expr;
      }
    | {
        readonly tag: 'variantCon';
        readonly tycon: TypeConApp;
        readonly variant: string;
        readonly arg: Expr;
      }
    | { readonly tag: 'enumCon'; readonly tycon: TypeConName; readonly constructor: string }
    | { readonly tag: 'structCon'; readonly fields: readonly FieldWithExpr[] }
    | { readonly tag: 'structProj'; readonly field: string; readonly struct: Expr }
    | {
        readonly tag: 'structUpd';
        readonly field: string;
        readonly struct: Expr;
        readonly update: Expr;
      }
    | { readonly tag: 'app'; readonly fun: Expr; readonly args: readonly Expr[] }
    | { readonly tag: 'tyApp'; readonly expr: Expr; readonly types: readonly Type[] }
    | { readonly tag: 'abs'; readonly params: readonly VarWithType[]; readonly body: Expr }
    | { readonly tag: 'tyAbs'; readonly params: readonly TypeVarWithKind[]; readonly body: Expr }
    | { readonly tag: 'case'; readonly scrut: Expr; readonly alts: readonly CaseAlt[] }
    | { readonly tag: 'let'; readonly bindings: readonly Binding[]; readonly body: Expr }
    | { readonly tag: 'nil'; readonly type: Type }
    | {
        readonly tag: 'cons';
        readonly type: Type;
        readonly front: readonly Expr[];
        readonly tail: Expr;
      }
    | { readonly tag: 'update'; readonly update: Update }
    | { readonly tag: 'optionalNone'; readonly type: Type }
    | { readonly tag: 'optionalSome'; readonly type: Type; readonly value: Expr }
    | { readonly tag: 'toAny'; readonly type: Type; readonly expr: Expr }
    | { readonly tag: 'fromAny'; readonly type: Type; readonly expr: Expr }
    | { readonly tag: 'typeRep'; readonly type: Type }
    | { readonly tag: 'toAnyException'; readonly type: Type; readonly expr: Expr }
    | { readonly tag: 'fromAnyException'; readonly type: Type; readonly expr: Expr }
    | {
        readonly tag: 'throw';
        readonly returnType: Type;
        readonly exceptionType: Type;
        readonly exception: Expr;
      }
    | {
        readonly tag: 'toInterface';
        readonly interface: TypeConName;
        readonly template: TypeConName;
        readonly expr: Expr;
      }
    | {
        readonly tag: 'fromInterface';
        readonly interface: TypeConName;
        readonly template: TypeConName;
        readonly expr: Expr;
      }
    | {
        readonly tag: 'callInterface';
        readonly interface: TypeConName;
        readonly method: string;
        readonly expr: Expr;
      }
    | { readonly tag: 'signatoryInterface'; readonly interface: TypeConName; readonly expr: Expr }
    | { readonly tag: 'observerInterface'; readonly interface: TypeConName; readonly expr: Expr }
    | { readonly tag: 'viewInterface'; readonly interface: TypeConName; readonly expr: Expr }
    | {
        readonly tag: 'unsafeFromInterface';
        readonly interface: TypeConName;
        readonly template: TypeConName;
        readonly contractId: Expr;
        readonly expr: Expr;
      }
    | {
        readonly tag: 'interfaceTemplateTypeRep';
        readonly interface: TypeConName;
        readonly expr: Expr;
      }
    | {
        readonly tag: 'toRequiredInterface';
        readonly requiredInterface: TypeConName;
        readonly requiringInterface: TypeConName;
        readonly expr: Expr;
      }
    | {
        readonly tag: 'fromRequiredInterface';
        readonly requiredInterface: TypeConName;
        readonly requiringInterface: TypeConName;
        readonly expr: Expr;
      }
    | {
        readonly tag: 'unsafeFromRequiredInterface';
        readonly requiredInterface: TypeConName;
        readonly requiringInterface: TypeConName;
        readonly contractId: Expr;
        readonly expr: Expr;
      }
    | {
        readonly tag: 'choiceController';
        readonly template: TypeConName;
        readonly choice: string;
        readonly contract: Expr;
        readonly choiceArg: Expr;
      }
    | {
        readonly tag: 'choiceObserver';
        readonly template: TypeConName;
        readonly choice: string;
        readonly contract: Expr;
        readonly choiceArg: Expr;
      }
    | { readonly tag: 'experimental'; readonly name: string; readonly type: Type }
  );

export type ExprTag = Expr['tag'];
/** The expression form with the given tag, e.g. `ExprOf<'app'>`. */
export type ExprOf<TTag extends ExprTag> = Extract<Expr, { readonly tag: TTag }>;

export type CasePattern =
  | { readonly tag: 'default' }
  | {
      readonly tag: 'variant';
      readonly tycon: TypeConName;
      readonly variant: string;
      readonly binder: string;
    }
  | { readonly tag: 'enum'; readonly tycon: TypeConName; readonly constructor: string }
  | { readonly tag: 'builtinCon'; readonly con: BuiltinCon }
  | { readonly tag: 'nil' }
  | { readonly tag: 'cons'; readonly head: string; readonly tail: string }
  | { readonly tag: 'optionalNone' }
  | { readonly tag: 'optionalSome'; readonly binder: string };

export interface CaseAlt {
  readonly pattern: CasePattern;
  readonly body: Expr;
}
