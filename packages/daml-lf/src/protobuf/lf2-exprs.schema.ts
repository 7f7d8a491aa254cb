// Our schema of Daml-LF 2 expressions, case alternatives and updates.
import { type MessageSpec, message } from './schema-dsl.ts';

const typed = message({ type: [1, 'Type'], expr: [2, 'Expr'] });
const interfaceTemplate = (third: string) =>
  message({
    interfaceType: [1, 'TypeConId'],
    templateType: [2, 'TypeConId'],
    [third]: [3, 'Expr'],
  });
const interfaceOf = message({ interface: [1, 'TypeConId'], expr: [2, 'Expr'] });
const requiredInterface = message({
  requiredInterface: [1, 'TypeConId'],
  requiringInterface: [2, 'TypeConId'],
  expr: [3, 'Expr'],
});
const unsafeFrom = (first: string, second: string) =>
  message({
    [first]: [1, 'TypeConId'],
    [second]: [2, 'TypeConId'],
    contractIdExpr: [3, 'Expr'],
    interfaceExpr: [4, 'Expr'],
  });
const choiceParty = message({
  template: [1, 'TypeConId'],
  choiceInternedStr: [2, 'int32'],
  contractExpr: [3, 'Expr'],
  choiceArgExpr: [4, 'Expr'],
});

const exprSum: Record<string, readonly [number, string]> = {
  varInternedStr: [2, 'int32'],
  val: [3, 'ValueId'],
  builtin: [4, 'BuiltinFunction'],
  builtinCon: [5, 'BuiltinCon'],
  builtinLit: [6, 'BuiltinLit'],
  recCon: [7, 'RecCon'],
  recProj: [8, 'RecProj'],
  recUpd: [9, 'RecUpd'],
  variantCon: [10, 'VariantCon'],
  enumCon: [11, 'EnumCon'],
  structCon: [12, 'StructCon'],
  structProj: [13, 'StructProj'],
  structUpd: [14, 'StructUpd'],
  app: [15, 'App'],
  tyApp: [16, 'TyApp'],
  abs: [17, 'Abs'],
  tyAbs: [18, 'TyAbs'],
  case: [19, 'Case'],
  let: [20, 'Block'],
  nil: [21, 'Nil'],
  cons: [22, 'Cons'],
  update: [23, 'Update'],
  optionalNone: [25, 'OptionalNone'],
  optionalSome: [26, 'OptionalSome'],
  toAny: [27, 'ToAny'],
  fromAny: [28, 'FromAny'],
  typeRep: [29, 'Type'],
  toAnyException: [30, 'ToAnyException'],
  fromAnyException: [31, 'FromAnyException'],
  throw: [32, 'Throw'],
  toInterface: [33, 'ToInterface'],
  fromInterface: [34, 'FromInterface'],
  callInterface: [35, 'CallInterface'],
  signatoryInterface: [36, 'SignatoryInterface'],
  observerInterface: [37, 'ObserverInterface'],
  viewInterface: [38, 'ViewInterface'],
  unsafeFromInterface: [39, 'UnsafeFromInterface'],
  interfaceTemplateTypeRep: [40, 'InterfaceTemplateTypeRep'],
  toRequiredInterface: [41, 'ToRequiredInterface'],
  fromRequiredInterface: [42, 'FromRequiredInterface'],
  unsafeFromRequiredInterface: [43, 'UnsafeFromRequiredInterface'],
  internedExpr: [44, 'int32'],
  choiceController: [1001, 'ChoiceController'],
  choiceObserver: [1002, 'ChoiceObserver'],
  experimental: [9999, 'Experimental'],
};

const exprNested: Record<string, MessageSpec> = {
  RecCon: message({ tycon: [1, 'Type.Con'], fields: [2, 'FieldWithExpr', 'repeated'] }),
  RecProj: message({ tycon: [1, 'Type.Con'], fieldInternedStr: [4, 'int32'], record: [3, 'Expr'] }),
  RecUpd: message({
    tycon: [1, 'Type.Con'],
    fieldInternedStr: [2, 'int32'],
    record: [3, 'Expr'],
    update: [4, 'Expr'],
  }),
  VariantCon: message({
    tycon: [1, 'Type.Con'],
    variantConInternedStr: [2, 'int32'],
    variantArg: [3, 'Expr'],
  }),
  EnumCon: message({ tycon: [1, 'TypeConId'], enumConInternedStr: [2, 'int32'] }),
  StructCon: message({ fields: [1, 'FieldWithExpr', 'repeated'] }),
  StructProj: message({ fieldInternedStr: [1, 'int32'], struct: [2, 'Expr'] }),
  StructUpd: message({ fieldInternedStr: [1, 'int32'], struct: [2, 'Expr'], update: [3, 'Expr'] }),
  App: message({ fun: [1, 'Expr'], args: [2, 'Expr', 'repeated'] }),
  TyApp: message({ expr: [1, 'Expr'], types: [2, 'Type', 'repeated'] }),
  Abs: message({ param: [1, 'VarWithType', 'repeated'], body: [2, 'Expr'] }),
  TyAbs: message({ param: [1, 'TypeVarWithKind', 'repeated'], body: [2, 'Expr'] }),
  Nil: message({ type: [1, 'Type'] }),
  Cons: message({ type: [1, 'Type'], front: [2, 'Expr', 'repeated'], tail: [3, 'Expr'] }),
  OptionalNone: message({ type: [1, 'Type'] }),
  OptionalSome: message({ type: [1, 'Type'], value: [2, 'Expr'] }),
  ToAny: typed,
  FromAny: typed,
  ToAnyException: typed,
  FromAnyException: typed,
  Throw: message({
    returnType: [1, 'Type'],
    exceptionType: [2, 'Type'],
    exceptionExpr: [3, 'Expr'],
  }),
  ToInterface: interfaceTemplate('templateExpr'),
  FromInterface: interfaceTemplate('interfaceExpr'),
  CallInterface: message({
    interfaceType: [1, 'TypeConId'],
    methodInternedName: [2, 'int32'],
    interfaceExpr: [3, 'Expr'],
  }),
  ViewInterface: interfaceOf,
  SignatoryInterface: interfaceOf,
  ObserverInterface: interfaceOf,
  UnsafeFromInterface: unsafeFrom('interfaceType', 'templateType'),
  ToRequiredInterface: requiredInterface,
  FromRequiredInterface: requiredInterface,
  UnsafeFromRequiredInterface: unsafeFrom('requiredInterface', 'requiringInterface'),
  InterfaceTemplateTypeRep: interfaceOf,
  ChoiceController: choiceParty,
  ChoiceObserver: choiceParty,
  Experimental: message({ name: [1, 'string'], type: [2, 'Type'] }),
};

export const exprMessages: Record<string, MessageSpec> = {
  Expr: message(
    { location: [1, 'Location'], ...exprSum },
    { oneofs: { Sum: Object.keys(exprSum) }, nested: exprNested },
  ),
};
