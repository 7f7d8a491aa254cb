import type { RecordValue } from '../value.ts';
import { t } from '../values/builder.ts';
import type { FieldTypes, FieldValues, RecordType, Typed } from '../values/types.ts';
import type { ChoiceBuilder } from './choice.ts';
import { archiveChoice, defineChoice } from './choice.ts';
import type {
  Choice,
  ChoiceDefinition,
  Implementation,
  KeyDefinition,
  Template,
  TemplateDefinition,
  TemplateId,
} from './definitions.ts';
import { qualifiedName } from './definitions.ts';
import type { ImplementBuilder } from './interface.ts';
import { implementInterface } from './interface.ts';

type KeySpec<TPayload, TKey> = {
  readonly type: Typed<TKey>;
  readonly of: (payload: TPayload) => TKey;
  /** Parties that keep the key unique; they must be signatories. */
  readonly maintainers: (key: TKey) => readonly string[];
};

type ArchiveChoice<TPayload> = Choice<
  TPayload,
  Readonly<Record<string, never>>,
  Readonly<Record<string, never>>
>;

export type TemplateSpec<TFields extends FieldTypes, TChoices, TKey> = {
  readonly id: TemplateId;
  readonly fields: TFields;
  readonly signatories: (payload: FieldValues<TFields>) => readonly string[];
  readonly observers?: (payload: FieldValues<TFields>) => readonly string[];
  /** Daml's `ensure`: false, or a text giving the reason, rejects the create. */
  readonly ensure?: (payload: FieldValues<TFields>) => boolean | string;
  readonly key?: KeySpec<FieldValues<TFields>, TKey>;
  /** Receives `defineChoice` with the payload type fixed, so choice bodies are typed. */
  readonly choices?: (choice: ChoiceBuilder<FieldValues<TFields>>) => TChoices;
  readonly implements?: (
    implement: ImplementBuilder<FieldValues<TFields>>,
  ) => readonly Implementation<FieldValues<TFields>>[];
};

function choiceMap(
  spec: TemplateSpec<FieldTypes, unknown, unknown>,
  signatories: TemplateDefinition['signatories'],
): Map<string, ChoiceDefinition> {
  const declared = (spec.choices?.(defineChoice) ?? {}) as Readonly<
    Record<string, ChoiceDefinition>
  >;
  const choices = new Map<string, ChoiceDefinition>(Object.entries(declared));
  if (choices.has('Archive')) throw new Error(`${qualifiedName(spec.id)} declares Archive itself`);
  choices.set('Archive', archiveChoice(signatories));
  return choices;
}

function keyDefinition(key: KeySpec<RecordValue, unknown> | undefined): KeyDefinition | null {
  return key === undefined ? null : { type: key.type, of: key.of, maintainers: key.maintainers };
}

/**
 * Defines a template: its payload fields, signatories, observers, ensure clause, optional key,
 * choices (each template also gets Daml's implicit consuming `Archive`) and interface
 * implementations.
 */
export function defineTemplate<TFields extends FieldTypes, TChoices, TKey = never>(
  spec: TemplateSpec<TFields, TChoices, TKey>,
): Template<
  FieldValues<TFields>,
  TChoices & { readonly Archive: ArchiveChoice<FieldValues<TFields>> },
  TKey
> {
  // The casts erase the payload type: the interpreter only passes payloads it has checked
  // against `fields`.
  const erased = spec as unknown as TemplateSpec<FieldTypes, unknown, unknown>;
  const signatories: TemplateDefinition['signatories'] = erased.signatories;
  const payloadType = t.record(spec.fields, qualifiedName(spec.id)) as RecordType;
  return {
    kind: 'template',
    id: spec.id,
    payloadType,
    signatories,
    observers: erased.observers ?? null,
    ensure: erased.ensure ?? null,
    key: keyDefinition(erased.key),
    choices: choiceMap(erased, signatories),
    implementations: erased.implements?.(implementInterface) ?? [],
  };
}
