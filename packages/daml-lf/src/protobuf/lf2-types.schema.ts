// Our schema of Daml-LF 2 names, kinds, types and literals (field numbers as the LF 2 format fixes them).
import { builtinCons, failureCategories, roundingModes } from '../ast/builtins.ts';
import { type EnumSpec, enumeration, type MessageSpec, message } from './schema-dsl.ts';

const moduleRef = message({
  packageId: [1, 'SelfOrImportedPackageId'],
  moduleNameInternedDname: [2, 'int32'],
});
const moduleScoped = message({ module: [1, 'ModuleId'], nameInternedDname: [2, 'int32'] });

export const nameMessages: Record<string, MessageSpec> = {
  Unit: message({}),
  SelfOrImportedPackageId: message(
    {
      selfPackageId: [1, 'Unit'],
      importedPackageIdInternedStr: [3, 'int32'],
      packageImportId: [4, 'int32'],
    },
    { oneofs: { Sum: ['selfPackageId', 'importedPackageIdInternedStr', 'packageImportId'] } },
  ),
  ModuleId: moduleRef,
  TypeConId: moduleScoped,
  TypeSynId: moduleScoped,
  ValueId: moduleScoped,
  FieldWithType: message({ fieldInternedStr: [3, 'int32'], type: [2, 'Type'] }),
  VarWithType: message({ varInternedStr: [3, 'int32'], type: [2, 'Type'] }),
  TypeVarWithKind: message({ varInternedStr: [3, 'int32'], kind: [2, 'Kind'] }),
  FieldWithExpr: message({ fieldInternedStr: [3, 'int32'], expr: [2, 'Expr'] }),
  Binding: message({ binder: [1, 'VarWithType'], bound: [2, 'Expr'] }),
  Location: message(
    { module: [1, 'ModuleId'], range: [2, 'Range'] },
    {
      nested: {
        Range: message({
          startLine: [1, 'int32'],
          startCol: [2, 'int32'],
          endLine: [3, 'int32'],
          endCol: [4, 'int32'],
        }),
      },
    },
  ),
};

const withArgs = (head: string, type: string) =>
  message({ [head]: [head === 'varInternedStr' ? 3 : 1, type], args: [2, 'Type', 'repeated'] });

export const typeMessages: Record<string, MessageSpec> = {
  Kind: message(
    {
      star: [1, 'Unit'],
      arrow: [2, 'Arrow'],
      nat: [3, 'Unit'],
      internedKind: [4, 'int32'],
    },
    {
      oneofs: { Sum: ['star', 'arrow', 'nat', 'internedKind'] },
      nested: { Arrow: message({ params: [1, 'Kind', 'repeated'], result: [2, 'Kind'] }) },
    },
  ),
  Type: message(
    {
      var: [1, 'Var'],
      con: [2, 'Con'],
      builtin: [3, 'Builtin'],
      forall: [4, 'Forall'],
      struct: [5, 'Struct'],
      nat: [6, 'sint64'],
      syn: [7, 'Syn'],
      internedType: [8, 'int32'],
      tapp: [9, 'TApp'],
    },
    {
      oneofs: {
        Sum: ['var', 'con', 'builtin', 'forall', 'struct', 'nat', 'syn', 'internedType', 'tapp'],
      },
      nested: {
        Var: withArgs('varInternedStr', 'int32'),
        Con: withArgs('tycon', 'TypeConId'),
        Syn: withArgs('tysyn', 'TypeSynId'),
        Builtin: withArgs('builtin', 'BuiltinType'),
        Forall: message({ vars: [1, 'TypeVarWithKind', 'repeated'], body: [2, 'Type'] }),
        Struct: message({ fields: [1, 'FieldWithType', 'repeated'] }),
        TApp: message({ lhs: [1, 'Type'], rhs: [2, 'Type'] }),
      },
    },
  ),
  BuiltinLit: message(
    {
      int64: [1, 'sint64'],
      timestamp: [2, 'sfixed64'],
      numericInternedStr: [3, 'int32'],
      textInternedStr: [4, 'int32'],
      date: [5, 'int32'],
      failureCategory: [6, 'FailureCategory'],
      roundingMode: [1001, 'RoundingMode'],
    },
    {
      oneofs: {
        Sum: [
          'int64',
          'timestamp',
          'numericInternedStr',
          'textInternedStr',
          'date',
          'failureCategory',
          'roundingMode',
        ],
      },
      nested: {
        RoundingMode: enumeration(roundingModes),
        FailureCategory: enumeration(failureCategories),
      },
    },
  ),
};

export const typeEnums: Record<string, EnumSpec> = {
  BuiltinCon: enumeration(builtinCons),
  BuiltinType: {
    values: {
      UNIT: 0,
      BOOL: 1,
      INT64: 2,
      DATE: 3,
      TIMESTAMP: 4,
      NUMERIC: 5,
      PARTY: 6,
      TEXT: 7,
      CONTRACT_ID: 8,
      OPTIONAL: 9,
      LIST: 10,
      GENMAP: 11,
      ANY: 13,
      ANY_EXCEPTION: 14,
      TYPE_REP: 15,
      ARROW: 16,
      UPDATE: 17,
      FAILURE_CATEGORY: 18,
      TEXTMAP: 19,
      BIGNUMERIC: 1002,
      ROUNDING_MODE: 1003,
    },
  },
};
