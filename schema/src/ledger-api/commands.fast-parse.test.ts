import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { parseJsCommandsFast } from './commands.fast-parse.ts';
import { jsCommandsSchema } from './commands.schema.ts';

const alice = 'Alice::1220aa';
const createIou = {
  CreateCommand: {
    templateId: '#pocketnet-examples:Iou:Iou',
    createArguments: { issuer: alice, owner: alice, currency: 'USD', amount: '10.0' },
  },
};
const exercise = {
  ExerciseCommand: { templateId: 'pkg:M:T', contractId: '00ab', choice: 'Go', choiceArgument: {} },
};

// Every kind of value a field may hold: right and wrong types, null, nested shapes.
const anything = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.constant(null),
  fc.integer(),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
  fc.array(fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null)), {
    maxLength: 3,
  }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
);

const commandShape = fc.oneof(
  fc.constant(createIou),
  fc.constant(exercise),
  fc.constant({ ...createIou, ...exercise }),
  fc.record({
    CreateCommand: fc.dictionary(
      fc.constantFrom('templateId', 'createArguments', 'choice'),
      anything,
    ),
  }),
  fc.record({
    ExerciseCommand: fc.dictionary(
      fc.constantFrom('templateId', 'contractId', 'choice', 'choiceArgument', 'extra'),
      anything,
    ),
  }),
  fc.record({
    ExerciseByKeyCommand: fc.constant({
      templateId: 't',
      contractKey: 1,
      choice: 'c',
      choiceArgument: {},
    }),
  }),
  anything,
);

const fieldNames = [
  'commands',
  'commandId',
  'actAs',
  'userId',
  'readAs',
  'workflowId',
  'submissionId',
  'synchronizerId',
  'deduplicationPeriod',
  'unknownField',
] as const;

const body = fc.dictionary(
  fc.constantFrom(...fieldNames),
  fc.oneof(anything, fc.array(commandShape, { maxLength: 3 })),
);

/** Bodies of the plain shape, as clients send them. */
const wellFormed = fc.record(
  {
    commands: fc.array(fc.constantFrom(createIou, exercise), { minLength: 1, maxLength: 3 }),
    commandId: fc.string({ maxLength: 6 }),
    actAs: fc.array(fc.constant(alice), { minLength: 1, maxLength: 2 }),
    userId: fc.string({ maxLength: 4 }),
    readAs: fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
    workflowId: fc.string({ maxLength: 4 }),
    submissionId: fc.string({ maxLength: 4 }),
    synchronizerId: fc.string({ maxLength: 4 }),
  },
  { requiredKeys: ['commands', 'commandId', 'actAs'] },
);

/** Well-formed bodies with fields then perturbed, added or replaced at random. */
const nearlyValid = fc.tuple(wellFormed, body).map(([valid, noise]) => ({ ...valid, ...noise }));

describe('parseJsCommandsFast', () => {
  test.prop([fc.oneof(body, nearlyValid, nearlyValid, anything)], { numRuns: 2000 })(
    'answers exactly what zod answers, or leaves the body to zod',
    (input) => {
      const fast = parseJsCommandsFast(input);
      if (fast === undefined) return;
      const parsed = jsCommandsSchema.safeParse(input);
      expect(parsed.success).toBe(true);
      expect(fast).toStrictEqual(parsed.data);
      // Same keys in the same order, which toStrictEqual does not look at.
      expect(JSON.stringify(fast)).toBe(JSON.stringify(parsed.data));
    },
  );

  test.prop([wellFormed])('takes every well-formed body of creates and exercises', (input) => {
    const fast = parseJsCommandsFast(input);
    expect(fast).toBeDefined();
    expect(JSON.stringify(fast)).toBe(JSON.stringify(jsCommandsSchema.parse(input)));
  });

  test('the bench body and a body with every plain field take the fast path', () => {
    const bench = { commands: [createIou], commandId: 'c-1', userId: 'u', actAs: [alice] };
    expect(parseJsCommandsFast(bench)).toStrictEqual(jsCommandsSchema.parse(bench));
    const full = {
      synchronizerId: 's',
      submissionId: 'sub',
      workflowId: 'w',
      readAs: [alice],
      userId: 'u',
      actAs: [alice],
      commandId: 'c-2',
      commands: [exercise, createIou],
    };
    expect(JSON.stringify(parseJsCommandsFast(full))).toBe(
      JSON.stringify(jsCommandsSchema.parse(full)),
    );
  });

  test('leaves nulls, unknown fields and other command kinds to zod', () => {
    const base = { commands: [createIou], commandId: 'c', actAs: [alice] };
    expect(parseJsCommandsFast({ ...base, workflowId: null })).toBeUndefined();
    expect(parseJsCommandsFast({ ...base, unknownField: 1 })).toBeUndefined();
    expect(parseJsCommandsFast({ ...base, deduplicationPeriod: { Empty: {} } })).toBeUndefined();
    expect(
      parseJsCommandsFast({ ...base, commands: [{ ...createIou, ...exercise }] }),
    ).toBeUndefined();
    expect(
      parseJsCommandsFast({ ...base, commands: [{ CreateCommand: { templateId: 't' } }] }),
    ).toBeUndefined();
  });
});
