// Daml-LF updates: the ledger actions an `update` expression describes.
import type { Binding, Expr } from './expressions.ts';
import type { TypeConName } from './names.ts';
import type { Type } from './types.ts';

export type Update =
  | { readonly tag: 'pure'; readonly type: Type; readonly expr: Expr }
  | { readonly tag: 'block'; readonly bindings: readonly Binding[]; readonly body: Expr }
  | { readonly tag: 'create'; readonly template: TypeConName; readonly expr: Expr }
  | { readonly tag: 'createInterface'; readonly interface: TypeConName; readonly expr: Expr }
  | {
      readonly tag: 'exercise';
      readonly template: TypeConName;
      readonly choice: string;
      readonly cid: Expr;
      readonly arg: Expr;
    }
  | {
      readonly tag: 'exerciseInterface';
      readonly interface: TypeConName;
      readonly choice: string;
      readonly cid: Expr;
      readonly arg: Expr;
      /** LF 2.dev only; never set by a 2.1 package. */
      readonly guard?: Expr;
    }
  | {
      readonly tag: 'exerciseByKey';
      readonly template: TypeConName;
      readonly choice: string;
      readonly key: Expr;
      readonly arg: Expr;
    }
  | { readonly tag: 'fetch'; readonly template: TypeConName; readonly cid: Expr }
  | { readonly tag: 'fetchInterface'; readonly interface: TypeConName; readonly cid: Expr }
  | { readonly tag: 'getTime' }
  /** `lookup_by_key @T`: a function from the key to the update, as the protobuf carries no key. */
  | { readonly tag: 'lookupByKey'; readonly template: TypeConName }
  | { readonly tag: 'fetchByKey'; readonly template: TypeConName }
  | { readonly tag: 'embedExpr'; readonly type: Type; readonly body: Expr }
  | {
      readonly tag: 'tryCatch';
      readonly returnType: Type;
      readonly tryExpr: Expr;
      readonly binder: string;
      readonly catchExpr: Expr;
    }
  | { readonly tag: 'ledgerTimeLt'; readonly expr: Expr };

export type UpdateTag = Update['tag'];
export type UpdateOf<TTag extends UpdateTag> = Extract<Update, { readonly tag: TTag }>;
