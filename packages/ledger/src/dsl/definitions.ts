import type { TemplateIdString } from '../transaction.ts';
import type { RecordValue, Value } from '../value.ts';
import type { DamlType, RecordType } from '../values/types.ts';
import type { TransactionContext } from './transaction-context.ts';

/**
 * The runtime shape of templates, interfaces and choices. The interpreter works on these
 * erased forms (payloads and arguments as normalised Values); the exported generic types
 * add, for the compiler only, the payload, argument and result types the DSL inferred.
 */
export type TemplateId = {
  readonly packageName: string;
  readonly module: string;
  readonly entity: string;
};

/** The contract a choice is exercised on, as its body sees it. */
export type ChoiceSelf<TPayload> = {
  readonly contractId: string;
  /** Package-id form, `packageId:Module:Entity`. */
  readonly templateId: TemplateIdString;
  /** The template payload, or the interface view for a body written in an interface. */
  readonly payload: TPayload;
  readonly signatories: readonly string[];
  readonly observers: readonly string[];
};

export type ChoiceBodyFunction = (
  tx: TransactionContext,
  self: ChoiceSelf<Value>,
  argument: Value,
) => unknown;

export type ChoiceDefinition = {
  readonly consuming: boolean;
  readonly argumentType: DamlType;
  readonly resultType: DamlType;
  readonly controllers: (payload: Value, argument: Value) => readonly string[];
  /** Choice observers: parties that also see the exercise and its consequences. */
  readonly observers: ((payload: Value, argument: Value) => readonly string[]) | null;
  /** Null only for an interface choice whose implementations provide the body. */
  readonly body: ChoiceBodyFunction | null;
  /**
   * Set only by a typed engine (the Daml-LF one) whose `body` builds its results by
   * `resultType` in normalised form: the ledger then does not check them again.
   */
  readonly typedResult?: boolean;
};

export type KeyDefinition = {
  readonly type: DamlType;
  readonly of: (payload: RecordValue) => unknown;
  readonly maintainers: (key: Value) => readonly string[];
};

export type InterfaceDefinition = {
  readonly kind: 'interface';
  readonly id: TemplateId;
  readonly viewType: DamlType;
  readonly choices: ReadonlyMap<string, ChoiceDefinition>;
};

export type ImplementationDefinition = {
  readonly interface: InterfaceDefinition;
  readonly view: (payload: RecordValue) => unknown;
  /** As ChoiceDefinition's `typedResult`: `view` builds its views by the interface's view type. */
  readonly typedView?: boolean;
  /** Bodies the template gives to interface choices, by choice name. */
  readonly bodies: ReadonlyMap<string, ChoiceBodyFunction>;
  /**
   * Interface choices run over this template's payload rather than over the view: Daml-LF
   * interfaces write controllers, observers and bodies over the contract itself. A choice here
   * replaces the interface's definition for this template's contracts.
   */
  readonly choices?: ReadonlyMap<string, ChoiceDefinition>;
};

export type TemplateDefinition = {
  readonly kind: 'template';
  readonly id: TemplateId;
  readonly payloadType: RecordType;
  readonly signatories: (payload: RecordValue) => readonly string[];
  readonly observers: ((payload: RecordValue) => readonly string[]) | null;
  readonly ensure: ((payload: RecordValue) => boolean | string) | null;
  readonly key: KeyDefinition | null;
  /** Every choice, including the implicit `Archive`. */
  readonly choices: ReadonlyMap<string, ChoiceDefinition>;
  readonly implementations: readonly ImplementationDefinition[];
};

/** Carries compile-time types only; no such value exists at run time. */
declare const phantom: unique symbol;

// Interfaces rather than aliases: declaration files then name these types instead of
// spelling out their phantom member, which other modules could not name.
export interface Choice<TPayload, TArgument, TResult> extends ChoiceDefinition {
  readonly [phantom]?: {
    readonly payload: TPayload;
    readonly argument: TArgument;
    readonly result: TResult;
  };
}

export interface Template<TPayload, TChoices, TKey> extends TemplateDefinition {
  readonly [phantom]?: {
    readonly payload: TPayload;
    readonly choices: TChoices;
    readonly key: TKey;
  };
}

export interface Interface<TView, TChoices> extends InterfaceDefinition {
  readonly [phantom]?: { readonly view: TView; readonly choices: TChoices };
}

/** An implementation of an interface by a template whose payload is `TPayload`. */
export interface Implementation<TPayload> extends ImplementationDefinition {
  readonly [phantom]?: { readonly payload: TPayload };
}

export type PayloadOf<TTemplate> = TTemplate extends {
  readonly [phantom]?: { readonly payload: infer TPayload };
}
  ? TPayload
  : RecordValue;

export type ViewOf<TInterface> = TInterface extends {
  readonly [phantom]?: { readonly view: infer TView };
}
  ? TView
  : Value;

export type ChoicesOf<TTarget> = TTarget extends {
  readonly [phantom]?: { readonly choices: infer TChoices };
}
  ? TChoices
  : Record<string, never>;

export type KeyOf<TTemplate> = TTemplate extends {
  readonly [phantom]?: { readonly key: infer TKey };
}
  ? TKey
  : Value;

export type ArgumentOf<TChoice> = TChoice extends {
  readonly [phantom]?: { readonly argument: infer TArgument };
}
  ? TArgument
  : Value;

export type ResultOf<TChoice> = TChoice extends {
  readonly [phantom]?: { readonly result: infer TResult };
}
  ? TResult
  : Value;

/** A template or interface as bodies may name it: the definition or a `#pkg:Module:Entity` reference. */
export type EntityReference = TemplateDefinition | InterfaceDefinition | string;

export function qualifiedName(id: TemplateId): string {
  return `${id.module}:${id.entity}`;
}

/** The package-name reference `#packageName:Module:Entity` of a definition. */
export function referenceOf(definition: TemplateDefinition | InterfaceDefinition): string {
  return `#${definition.id.packageName}:${qualifiedName(definition.id)}`;
}
