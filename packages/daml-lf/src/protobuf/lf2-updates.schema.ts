// Our schema of Daml-LF 2 case alternatives, blocks and updates.
import { type MessageSpec, message } from './schema-dsl.ts';

const caseSum: Record<string, readonly [number, string]> = {
  default: [2, 'Unit'],
  variant: [3, 'Variant'],
  builtinCon: [4, 'BuiltinCon'],
  nil: [5, 'Unit'],
  cons: [6, 'Cons'],
  optionalNone: [7, 'Unit'],
  optionalSome: [8, 'OptionalSome'],
  enum: [9, 'Enum'],
};

const updateSum: Record<string, readonly [number, string]> = {
  pure: [1, 'Pure'],
  block: [2, 'Block'],
  create: [3, 'Create'],
  exercise: [4, 'Exercise'],
  exerciseByKey: [10, 'ExerciseByKey'],
  fetch: [5, 'Fetch'],
  getTime: [6, 'Unit'],
  lookupByKey: [8, 'RetrieveByKey'],
  fetchByKey: [9, 'RetrieveByKey'],
  embedExpr: [7, 'EmbedExpr'],
  tryCatch: [11, 'TryCatch'],
  createInterface: [12, 'CreateInterface'],
  exerciseInterface: [13, 'ExerciseInterface'],
  fetchInterface: [14, 'FetchInterface'],
  ledgerTimeLt: [15, 'Expr'],
};

const updateNested: Record<string, MessageSpec> = {
  Create: message({ template: [1, 'TypeConId'], expr: [2, 'Expr'] }),
  CreateInterface: message({ interface: [1, 'TypeConId'], expr: [2, 'Expr'] }),
  Exercise: message({
    template: [1, 'TypeConId'],
    choiceInternedStr: [6, 'int32'],
    cid: [3, 'Expr'],
    arg: [5, 'Expr'],
  }),
  ExerciseInterface: message({
    interface: [1, 'TypeConId'],
    choiceInternedStr: [2, 'int32'],
    cid: [3, 'Expr'],
    arg: [4, 'Expr'],
    guard: [5, 'Expr'],
  }),
  ExerciseByKey: message({
    template: [1, 'TypeConId'],
    choiceInternedStr: [2, 'int32'],
    key: [3, 'Expr'],
    arg: [4, 'Expr'],
  }),
  Fetch: message({ template: [1, 'TypeConId'], cid: [2, 'Expr'] }),
  FetchInterface: message({ interface: [1, 'TypeConId'], cid: [2, 'Expr'] }),
  EmbedExpr: message({ type: [1, 'Type'], body: [2, 'Expr'] }),
  RetrieveByKey: message({ template: [1, 'TypeConId'] }),
  TryCatch: message({
    returnType: [1, 'Type'],
    tryExpr: [2, 'Expr'],
    varInternedStr: [3, 'int32'],
    catchExpr: [4, 'Expr'],
  }),
};

export const updateMessages: Record<string, MessageSpec> = {
  CaseAlt: message(
    { body: [1, 'Expr'], ...caseSum },
    {
      oneofs: { Sum: Object.keys(caseSum) },
      nested: {
        Variant: message({
          con: [1, 'TypeConId'],
          variantInternedStr: [2, 'int32'],
          binderInternedStr: [3, 'int32'],
        }),
        Enum: message({ con: [1, 'TypeConId'], constructorInternedStr: [2, 'int32'] }),
        Cons: message({ varHeadInternedStr: [1, 'int32'], varTailInternedStr: [2, 'int32'] }),
        OptionalSome: message({ varBodyInternedStr: [1, 'int32'] }),
      },
    },
  ),
  Case: message({ scrut: [1, 'Expr'], alts: [2, 'CaseAlt', 'repeated'] }),
  Block: message({ bindings: [1, 'Binding', 'repeated'], body: [2, 'Expr'] }),
  Pure: message({ type: [1, 'Type'], expr: [2, 'Expr'] }),
  Update: message(updateSum, { oneofs: { Sum: Object.keys(updateSum) }, nested: updateNested }),
};
