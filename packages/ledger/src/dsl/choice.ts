import type { RecordValue } from '../value.ts';
import { t } from '../values/builder.ts';
import type { DamlType, FieldTypes, FieldValues, Infer } from '../values/types.ts';
import { isDamlType } from '../values/types.ts';
import type { Choice, ChoiceBodyFunction, ChoiceDefinition, ChoiceSelf } from './definitions.ts';
import type { TransactionContext } from './transaction-context.ts';

/** A choice argument is given as its record's field types, or as any type. */
export type ArgumentSpec = FieldTypes | DamlType;

export type ArgumentValue<TArgument extends ArgumentSpec> = TArgument extends DamlType
  ? Infer<TArgument>
  : TArgument extends FieldTypes
    ? FieldValues<TArgument>
    : never;

type ChoiceSignature<TPayload, TArgument extends ArgumentSpec, TResultType extends DamlType> = {
  /** The parties that must authorize the exercise; they become its acting parties. */
  readonly controllers: (
    payload: TPayload,
    argument: ArgumentValue<TArgument>,
  ) => readonly string[];
  readonly observers?: (payload: TPayload, argument: ArgumentValue<TArgument>) => readonly string[];
  /** Consuming choices archive the contract before the body runs (the default). */
  readonly consuming?: boolean;
  readonly argument: TArgument;
  readonly result: TResultType;
};

type Body<TPayload, TArgument extends ArgumentSpec, TResultType extends DamlType> = (
  tx: TransactionContext,
  self: ChoiceSelf<TPayload>,
  argument: ArgumentValue<TArgument>,
) => Infer<TResultType>;

export type ChoiceSpec<
  TPayload,
  TArgument extends ArgumentSpec,
  TResultType extends DamlType,
> = ChoiceSignature<TPayload, TArgument, TResultType> & {
  readonly body: Body<TPayload, TArgument, TResultType>;
};

/** An interface choice may leave its body to each implementing template. */
export type InterfaceChoiceSpec<
  TView,
  TArgument extends ArgumentSpec,
  TResultType extends DamlType,
> = ChoiceSignature<TView, TArgument, TResultType> & {
  readonly body?: Body<TView, TArgument, TResultType>;
};

/** `defineChoice` with the payload type fixed by the template (or view type by the interface). */
export type ChoiceBuilder<TPayload> = <
  TArgument extends ArgumentSpec,
  TResultType extends DamlType,
>(
  spec: ChoiceSpec<TPayload, TArgument, TResultType>,
) => Choice<TPayload, ArgumentValue<TArgument>, Infer<TResultType>>;

export type InterfaceChoiceBuilder<TView> = <
  TArgument extends ArgumentSpec,
  TResultType extends DamlType,
>(
  spec: InterfaceChoiceSpec<TView, TArgument, TResultType>,
) => Choice<TView, ArgumentValue<TArgument>, Infer<TResultType>>;

/**
 * Defines a choice. Inside `defineTemplate({ choices: (choice) => ({ ... }) })` the builder
 * passed in is this function with the payload type already fixed.
 */
export function defineChoice<
  TPayload,
  TArgument extends ArgumentSpec,
  TResultType extends DamlType,
>(
  spec: InterfaceChoiceSpec<TPayload, TArgument, TResultType>,
): Choice<TPayload, ArgumentValue<TArgument>, Infer<TResultType>> {
  // The casts erase the payload and argument types: the interpreter only calls these with
  // values it has checked against the declared types.
  const definition: ChoiceDefinition = {
    consuming: spec.consuming ?? true,
    argumentType: isDamlType(spec.argument) ? spec.argument : t.record(spec.argument),
    resultType: spec.result,
    controllers: spec.controllers as ChoiceDefinition['controllers'],
    observers: (spec.observers ?? null) as ChoiceDefinition['observers'],
    body: (spec.body ?? null) as ChoiceBodyFunction | null,
  };
  return definition;
}

/** Daml's implicit `Archive`: consuming, controlled by the signatories, empty argument. */
export function archiveChoice(
  signatories: (payload: RecordValue) => readonly string[],
): ChoiceDefinition {
  return {
    consuming: true,
    argumentType: t.record({}, 'DA.Internal.Template:Archive'),
    resultType: t.unit(),
    // Only ever called with the payload of a contract of the template.
    controllers: (payload) => signatories(payload as RecordValue),
    observers: null,
    body: () => ({}),
  };
}
