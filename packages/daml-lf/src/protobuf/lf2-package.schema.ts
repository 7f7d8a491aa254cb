// Our schema of Daml-LF 2 definitions, modules and the package with its interning tables.
import { type MessageSpec, message } from './schema-dsl.ts';

const fields = message({ fields: [1, 'FieldWithType', 'repeated'] });

export const packageMessages: Record<string, MessageSpec> = {
  TemplateChoice: message({
    location: [1, 'Location'],
    nameInternedStr: [2, 'int32'],
    consuming: [3, 'bool'],
    controllers: [4, 'Expr'],
    observers: [5, 'Expr'],
    argBinder: [6, 'VarWithType'],
    retType: [8, 'Type'],
    update: [9, 'Expr'],
    selfBinderInternedStr: [10, 'int32'],
    authorizers: [1001, 'Expr'],
  }),
  InterfaceInstanceBody: message(
    { methods: [1, 'InterfaceInstanceMethod', 'repeated'], view: [2, 'Expr'] },
    {
      nested: {
        InterfaceInstanceMethod: message({ methodInternedName: [1, 'int32'], value: [2, 'Expr'] }),
      },
    },
  ),
  DefTemplate: message(
    {
      tyconInternedDname: [1, 'int32'],
      paramInternedStr: [2, 'int32'],
      precond: [3, 'Expr'],
      signatories: [4, 'Expr'],
      choices: [6, 'TemplateChoice', 'repeated'],
      observers: [7, 'Expr'],
      location: [8, 'Location'],
      key: [9, 'DefKey'],
      implements: [10, 'Implements', 'repeated'],
    },
    {
      nested: {
        DefKey: message({ type: [1, 'Type'], keyExpr: [4, 'Expr'], maintainers: [3, 'Expr'] }),
        Implements: message({
          interface: [1, 'TypeConId'],
          body: [2, 'InterfaceInstanceBody'],
          location: [3, 'Location'],
        }),
      },
    },
  ),
  InterfaceMethod: message({
    location: [1, 'Location'],
    methodInternedName: [2, 'int32'],
    type: [3, 'Type'],
  }),
  DefInterface: message({
    location: [1, 'Location'],
    tyconInternedDname: [2, 'int32'],
    methods: [3, 'InterfaceMethod', 'repeated'],
    paramInternedStr: [4, 'int32'],
    choices: [5, 'TemplateChoice', 'repeated'],
    view: [6, 'Type'],
    requires: [7, 'TypeConId', 'repeated'],
  }),
  DefException: message({
    nameInternedDname: [1, 'int32'],
    location: [2, 'Location'],
    message: [3, 'Expr'],
  }),
  DefDataType: message(
    {
      location: [1, 'Location'],
      nameInternedDname: [2, 'int32'],
      params: [3, 'TypeVarWithKind', 'repeated'],
      serializable: [4, 'bool'],
      record: [5, 'Fields'],
      variant: [6, 'Fields'],
      enum: [7, 'EnumConstructors'],
      interface: [8, 'Unit'],
    },
    {
      oneofs: { DataCons: ['record', 'variant', 'enum', 'interface'] },
      nested: {
        Fields: fields,
        EnumConstructors: message({ constructorsInternedStr: [2, 'int32', 'repeated'] }),
      },
    },
  ),
  DefTypeSyn: message({
    location: [1, 'Location'],
    nameInternedDname: [2, 'int32'],
    params: [3, 'TypeVarWithKind', 'repeated'],
    type: [4, 'Type'],
  }),
  DefValue: message(
    { location: [1, 'Location'], nameWithType: [2, 'NameWithType'], expr: [3, 'Expr'] },
    { nested: { NameWithType: message({ nameInternedDname: [1, 'int32'], type: [2, 'Type'] }) } },
  ),
  FeatureFlags: message({
    forbidPartyLiterals: [1, 'bool'],
    dontDivulgeContractIdsInCreateArguments: [2, 'bool'],
    dontDiscloseNonConsumingChoicesToObservers: [3, 'bool'],
  }),
  Module: message({
    nameInternedDname: [1, 'int32'],
    flags: [2, 'FeatureFlags'],
    synonyms: [3, 'DefTypeSyn', 'repeated'],
    dataTypes: [4, 'DefDataType', 'repeated'],
    values: [5, 'DefValue', 'repeated'],
    templates: [6, 'DefTemplate', 'repeated'],
    exceptions: [7, 'DefException', 'repeated'],
    interfaces: [8, 'DefInterface', 'repeated'],
  }),
  InternedDottedName: message({ segmentsInternedStr: [1, 'int32', 'repeated'] }),
  UpgradedPackageId: message({ upgradedPackageIdInternedStr: [1, 'int32'] }),
  PackageMetadata: message({
    nameInternedStr: [1, 'int32'],
    versionInternedStr: [2, 'int32'],
    upgradedPackageId: [3, 'UpgradedPackageId'],
  }),
  PackageImports: message({ importedPackages: [1, 'string', 'repeated'] }),
  Package: message(
    {
      modules: [1, 'Module', 'repeated'],
      internedStrings: [2, 'string', 'repeated'],
      internedDottedNames: [3, 'InternedDottedName', 'repeated'],
      metadata: [4, 'PackageMetadata'],
      internedTypes: [5, 'Type', 'repeated'],
      internedKinds: [6, 'Kind', 'repeated'],
      internedExprs: [7, 'Expr', 'repeated'],
      noImportedPackagesReason: [8, 'string'],
      packageImports: [9, 'PackageImports'],
    },
    { oneofs: { ImportsSum: ['noImportedPackagesReason', 'packageImports'] } },
  ),
};
