// The shapes protobufjs gives (and takes) for our schema's messages: field names as in the schema,
// absent sub-messages null or undefined, 64-bit integers as protobufjs Longs (or numbers when encoding).

type Opt<T> = T | null | undefined;
/** A protobufjs Long (whose toString is its exact decimal) or, when encoding, a number or string. */
export type WireLong = number | string | { toString(): string };

export type WireModuleId = {
  packageId?: Opt<{
    Sum?: string;
    selfPackageId?: Opt<object>;
    importedPackageIdInternedStr?: number;
    packageImportId?: number;
  }>;
  moduleNameInternedDname?: number;
};
export type WireNameRef = { module?: Opt<WireModuleId>; nameInternedDname?: number };
export type WireLocation = {
  module?: Opt<WireModuleId>;
  range?: Opt<{ startLine?: number; startCol?: number; endLine?: number; endCol?: number }>;
};

export type WireKind = {
  Sum?: string;
  star?: Opt<object>;
  nat?: Opt<object>;
  arrow?: Opt<{ params?: WireKind[]; result?: Opt<WireKind> }>;
  internedKind?: number;
};
export type WireTypeVarWithKind = { varInternedStr?: number; kind?: Opt<WireKind> };
export type WireFieldWithType = { fieldInternedStr?: number; type?: Opt<WireType> };
export type WireTyConApp = { tycon?: Opt<WireNameRef>; args?: WireType[] };
export type WireType = {
  Sum?: string;
  var?: Opt<{ varInternedStr?: number; args?: WireType[] }>;
  con?: Opt<WireTyConApp>;
  syn?: Opt<{ tysyn?: Opt<WireNameRef>; args?: WireType[] }>;
  builtin?: Opt<{ builtin?: number; args?: WireType[] }>;
  forall?: Opt<{ vars?: WireTypeVarWithKind[]; body?: Opt<WireType> }>;
  struct?: Opt<{ fields?: WireFieldWithType[] }>;
  nat?: WireLong;
  internedType?: number;
  tapp?: Opt<{ lhs?: Opt<WireType>; rhs?: Opt<WireType> }>;
};

export type WireBuiltinLit = {
  Sum?: string;
  int64?: WireLong;
  timestamp?: WireLong;
  numericInternedStr?: number;
  textInternedStr?: number;
  date?: number;
  failureCategory?: number;
  roundingMode?: number;
};

/** An expression or update message: a oneof `Sum` naming the member set, each member a sub-message. */
export type WireSum = { Sum?: string; location?: Opt<WireLocation> } & {
  [member: string]: unknown;
};

export type WireChoice = {
  location?: Opt<WireLocation>;
  nameInternedStr?: number;
  consuming?: boolean;
  controllers?: Opt<WireSum>;
  observers?: Opt<WireSum>;
  argBinder?: Opt<{ varInternedStr?: number; type?: Opt<WireType> }>;
  retType?: Opt<WireType>;
  update?: Opt<WireSum>;
  selfBinderInternedStr?: number;
  authorizers?: Opt<WireSum>;
};

export type WireTemplate = {
  tyconInternedDname?: number;
  paramInternedStr?: number;
  precond?: Opt<WireSum>;
  signatories?: Opt<WireSum>;
  choices?: WireChoice[];
  observers?: Opt<WireSum>;
  location?: Opt<WireLocation>;
  key?: Opt<{ type?: Opt<WireType>; keyExpr?: Opt<WireSum>; maintainers?: Opt<WireSum> }>;
  implements?: Array<{
    interface?: Opt<WireNameRef>;
    body?: Opt<{
      methods?: Array<{ methodInternedName?: number; value?: Opt<WireSum> }>;
      view?: Opt<WireSum>;
    }>;
    location?: Opt<WireLocation>;
  }>;
};

export type WireInterface = {
  location?: Opt<WireLocation>;
  tyconInternedDname?: number;
  methods?: Array<{
    location?: Opt<WireLocation>;
    methodInternedName?: number;
    type?: Opt<WireType>;
  }>;
  paramInternedStr?: number;
  choices?: WireChoice[];
  view?: Opt<WireType>;
  requires?: WireNameRef[];
};

export type WireDataType = {
  location?: Opt<WireLocation>;
  nameInternedDname?: number;
  params?: WireTypeVarWithKind[];
  serializable?: boolean;
  DataCons?: string;
  record?: Opt<{ fields?: WireFieldWithType[] }>;
  variant?: Opt<{ fields?: WireFieldWithType[] }>;
  enum?: Opt<{ constructorsInternedStr?: number[] }>;
  interface?: Opt<object>;
};

export type WireModule = {
  nameInternedDname?: number;
  flags?: Opt<{
    forbidPartyLiterals?: boolean;
    dontDivulgeContractIdsInCreateArguments?: boolean;
    dontDiscloseNonConsumingChoicesToObservers?: boolean;
  }>;
  synonyms?: Array<{
    location?: Opt<WireLocation>;
    nameInternedDname?: number;
    params?: WireTypeVarWithKind[];
    type?: Opt<WireType>;
  }>;
  dataTypes?: WireDataType[];
  values?: Array<{
    location?: Opt<WireLocation>;
    nameWithType?: Opt<{ nameInternedDname?: number; type?: Opt<WireType> }>;
    expr?: Opt<WireSum>;
  }>;
  templates?: WireTemplate[];
  exceptions?: Array<{
    nameInternedDname?: number;
    location?: Opt<WireLocation>;
    message?: Opt<WireSum>;
  }>;
  interfaces?: WireInterface[];
};

export type WirePackage = {
  modules?: WireModule[];
  internedStrings?: string[];
  internedDottedNames?: Array<{ segmentsInternedStr?: number[] }>;
  metadata?: Opt<{
    nameInternedStr?: number;
    versionInternedStr?: number;
    upgradedPackageId?: Opt<{ upgradedPackageIdInternedStr?: number }>;
  }>;
  internedTypes?: WireType[];
  internedKinds?: WireKind[];
  internedExprs?: WireSum[];
  ImportsSum?: string;
  packageImports?: Opt<{ importedPackages?: string[] }>;
};
