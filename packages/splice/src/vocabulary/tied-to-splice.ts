import type {
  ArgumentOf,
  ChoicesOf,
  Interface,
  InterfaceDefinition,
  PayloadOf,
  ResultOf,
  Template,
  TemplateDefinition,
  ViewOf,
} from '@pocketnet/ledger';
import { referenceOf } from '@pocketnet/ledger';
import type { ChoiceRef, TemplateRef } from './splice-vocabulary.generated.ts';

/**
 * A value's type as both implementations can spell it: the generated `ContractId<T>` is a text
 * with a phantom our DSL's `t.contractId` does not carry, and the DSL writes every member
 * readonly where the generated `Unit` is not. Everything else must already agree.
 */
export type Spelled<T> = T extends unknown
  ? T extends string
    ? string extends T
      ? string
      : T
    : T extends object
      ? { readonly [K in keyof T]: Spelled<T[K]> }
      : T
  : never;

/** Exact equality (identity, not assignability either way). */
export type Same<A, B> =
  (<V>() => V extends Spelled<A> ? 1 : 2) extends <V>() => V extends Spelled<B> ? 1 : 2
    ? true
    : false;

type Tags<V> = V extends { readonly tag: infer K } ? K : never;
type CaseOf<V, K> = V extends { readonly tag: K; readonly value: infer X } ? X : never;

/**
 * Where two types differ, as paths (`.field`, `[]` for list items, `|Case` for a variant's
 * case), each saying what is wrong there; never when they are the same. Makes a compile error
 * point at the field rather than at the whole payload.
 */
export type Difference<A, B, P extends string> =
  Same<A, B> extends true
    ? never
    : [A, B] extends [readonly (infer X)[], readonly (infer Y)[]]
      ? Difference<X, Y, `${P}[]`>
      : [A, B] extends [{ readonly tag: string }, { readonly tag: string }]
        ?
            | `${P}|${Exclude<Tags<A>, Tags<B>> & string}: a case Splice lacks`
            | `${P}|${Exclude<Tags<B>, Tags<A>> & string}: a case of Splice's we lack`
            | {
                [K in Tags<A> & Tags<B> & string]: Difference<
                  CaseOf<A, K>,
                  CaseOf<B, K>,
                  `${P}|${K & string}`
                >;
              }[Tags<A> & Tags<B> & string]
        : [A, B] extends [object, object]
          ? [A, B] extends [readonly unknown[], unknown] | [unknown, readonly unknown[]]
            ? `${P}: one side is a list`
            :
                | `${P}.${Exclude<keyof A, keyof B> & string}: a field Splice lacks`
                | `${P}.${Exclude<keyof B, keyof A> & string}: a field of Splice's we lack`
                | {
                    [K in keyof A & keyof B]: Difference<A[K], B[K], `${P}.${K & string}`>;
                  }[keyof A & keyof B]
          : `${P}: differs from Splice's`;

type GeneratedPayload<G> = G extends TemplateRef<infer P, unknown> ? P : never;
type GeneratedChoices<G> = G extends TemplateRef<unknown, infer C> ? C : never;
type GeneratedArgument<C> = C extends ChoiceRef<infer A, unknown> ? A : never;
type GeneratedResult<C> = C extends ChoiceRef<unknown, infer R> ? R : never;

/**
 * `Archive` is Daml's implicit choice on both sides: the DSL adds it to every template. An
 * interface declared without choices has `Record<string, never>`, whose index names none.
 */
type OurChoiceNames<T> = Exclude<Declared<keyof ChoicesOf<T>>, 'Archive'>;
type Declared<K> = K extends string ? (string extends K ? never : K) : K;

/** Choices of Splice's template that ours does not implement. */
export type LackedChoices<G, T> = {
  readonly [K in Exclude<keyof GeneratedChoices<G>, OurChoiceNames<T> | 'Archive'>]: string;
};

export type ChoiceMismatches<G, T> = {
  [K in OurChoiceNames<T>]: K extends keyof GeneratedChoices<G>
    ? Same<ArgumentOf<ChoicesOf<T>[K]>, GeneratedArgument<GeneratedChoices<G>[K]>> extends true
      ? Same<ResultOf<ChoicesOf<T>[K]>, GeneratedResult<GeneratedChoices<G>[K]>> extends true
        ? never
        : Difference<
            Spelled<ResultOf<ChoicesOf<T>[K]>>,
            Spelled<GeneratedResult<GeneratedChoices<G>[K]>>,
            `${K & string} result`
          >
      : Difference<
          Spelled<ArgumentOf<ChoicesOf<T>[K]>>,
          Spelled<GeneratedArgument<GeneratedChoices<G>[K]>>,
          `${K & string} argument`
        >
    : `${K & string}: a choice Splice lacks`;
}[OurChoiceNames<T>];

export type PayloadMismatch<G, T> = Difference<
  Spelled<PayloadOf<T>>,
  Spelled<GeneratedPayload<G>>,
  'payload'
>;

export type ViewMismatch<G, I> = Difference<
  Spelled<ViewOf<I>>,
  Spelled<GeneratedPayload<G>>,
  'view'
>;

type Mismatches<G, T> = PayloadMismatch<G, T> | ChoiceMismatches<G, T>;
type InterfaceMismatches<G, I> = ViewMismatch<G, I> | ChoiceMismatches<G, I>;

/**
 * What a template or interface of ours is known to do otherwise than Splice's: `lacks` names
 * each of Splice's choices we do not implement, `differs` each difference the types show (as
 * the compiler words it), both with the reason. Exactly those: a fixed difference left listed
 * does not compile either. Either may be left out when there is nothing to list, so `{}` says
 * ours agrees with Splice's; the error on a `{}` that no longer holds lists what to add.
 */
type Listed<Lacked, Mismatch> = ([keyof Lacked] extends [never]
  ? { readonly lacks?: Record<never, string> }
  : { readonly lacks: Lacked }) &
  ([Mismatch] extends [never]
    ? { readonly differs?: Record<never, string> }
    : { readonly differs: { readonly [D in Mismatch & string]: string } });

export type KnownDifferences<G, T> = Listed<LackedChoices<G, T>, Mismatches<G, T>>;

/** As KnownDifferences, with the interface's view where a template has its payload. */
export type KnownInterfaceDifferences<G, I> = Listed<
  LackedChoices<G, I>,
  InterfaceMismatches<G, I>
>;

/**
 * Ties a template of our Splice to its counterpart in Splice's generated vocabulary: its payload
 * type, its choice names and each choice's argument and result types must equal the generated
 * ones, less what `known` lists, or this call does not compile. The template id is checked
 * when the module loads, since generated ids are text.
 */
export function tiedToSplice<
  G extends TemplateRef<unknown, unknown>,
  T extends Template<unknown, unknown, unknown>,
>(generated: G, template: T, known: NoInfer<KnownDifferences<G, T>>): NoInfer<T> {
  checkTie(generated, template as TemplateDefinition, known);
  return template;
}

/**
 * Ties an interface of our Splice to its counterpart in Splice's generated vocabulary, as
 * `tiedToSplice` ties a template: its view type, its choice names and each choice's argument
 * and result types must equal the generated ones, less what `known` lists.
 */
export function tiedInterfaceToSplice<
  G extends TemplateRef<unknown, unknown>,
  I extends Interface<unknown, unknown>,
>(generated: G, ours: I, known: NoInfer<KnownInterfaceDifferences<G, I>>): NoInfer<I> {
  checkTie(generated, ours as InterfaceDefinition, known);
  return ours;
}

/** What the types cannot see: the ids are text, and Splice's kind of definition is a value. */
function checkTie(
  generated: TemplateRef<unknown, unknown>,
  definition: TemplateDefinition | InterfaceDefinition,
  known: { readonly lacks?: object },
): void {
  const ours = referenceOf(definition);
  if (ours !== generated.templateId || definition.kind !== generated.kind) {
    throw new Error(`${ours} is tied to Splice's ${generated.kind} ${generated.templateId}`);
  }
  const splices = new Set(Object.keys(generated.choices as object));
  for (const name of Object.keys(known.lacks ?? {})) {
    if (!splices.has(name)) throw new Error(`${ours} lacks ${name}, which Splice has not either`);
  }
}
