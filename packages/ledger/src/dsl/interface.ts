import type { DamlType, Infer } from '../values/types.ts';
import type { InterfaceChoiceBuilder } from './choice.ts';
import { defineChoice } from './choice.ts';
import type {
  ArgumentOf,
  ChoiceBodyFunction,
  ChoiceDefinition,
  ChoiceSelf,
  Implementation,
  Interface,
  ResultOf,
  TemplateId,
} from './definitions.ts';
import { qualifiedName } from './definitions.ts';
import type { TransactionContext } from './transaction-context.ts';

export type InterfaceSpec<TViewType extends DamlType, TChoices> = {
  readonly id: TemplateId;
  /** The type of the interface view each implementing template computes. */
  readonly view: TViewType;
  /** Receives `defineChoice` with the view type fixed: controllers (and bodies) see the view. */
  readonly choices?: (choice: InterfaceChoiceBuilder<Infer<TViewType>>) => TChoices;
};

/** Defines an interface: a view type and choices exercised through the interface id. */
export function defineInterface<TViewType extends DamlType, TChoices = Record<string, never>>(
  spec: InterfaceSpec<TViewType, TChoices>,
): Interface<Infer<TViewType>, TChoices> {
  const declared = (spec.choices?.(defineChoice) ?? {}) as Readonly<
    Record<string, ChoiceDefinition>
  >;
  return {
    kind: 'interface',
    id: spec.id,
    viewType: spec.view,
    choices: new Map(Object.entries(declared)),
  };
}

type ImplementedBodies<TPayload, TChoices> = {
  readonly [TName in keyof TChoices]?: (
    tx: TransactionContext,
    self: ChoiceSelf<TPayload>,
    argument: ArgumentOf<TChoices[TName]>,
  ) => ResultOf<TChoices[TName]>;
};

export type ImplementSpec<TPayload, TView, TChoices> = {
  readonly view: (payload: TPayload) => TView;
  /** Bodies for the interface's choices, run with the template's payload as `self.payload`. */
  readonly choices?: ImplementedBodies<TPayload, TChoices>;
};

/** `implementInterface` with the payload type fixed by the implementing template. */
export type ImplementBuilder<TPayload> = <TView, TChoices>(
  target: Interface<TView, TChoices>,
  spec: ImplementSpec<TPayload, TView, TChoices>,
) => Implementation<TPayload>;

/**
 * Declares that a template implements an interface. Every interface choice without a body
 * of its own needs one here.
 */
export function implementInterface<TPayload, TView, TChoices>(
  target: Interface<TView, TChoices>,
  spec: ImplementSpec<TPayload, TView, TChoices>,
): Implementation<TPayload> {
  const name = qualifiedName(target.id);
  // Erased: the interpreter calls these with checked payloads and arguments only.
  const given = (spec.choices ?? {}) as Readonly<Record<string, ChoiceBodyFunction | undefined>>;
  const bodies = new Map<string, ChoiceBodyFunction>();
  for (const [choice, body] of Object.entries(given)) {
    if (body === undefined) continue;
    if (!target.choices.has(choice)) throw new Error(`${name} has no choice ${choice}`);
    bodies.set(choice, body);
  }
  for (const [choice, definition] of target.choices) {
    if (definition.body === null && !bodies.has(choice)) {
      throw new Error(`an implementation of ${name} must give a body for ${choice}`);
    }
  }
  return {
    interface: target,
    view: spec.view as Implementation<TPayload>['view'],
    bodies,
  };
}
