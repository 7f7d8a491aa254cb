/** gRPC status codes, by name, as Canton's error categories use them. */
export const grpcCodes = {
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  UNAUTHENTICATED: 16,
} as const;

export type GrpcCodeName = keyof typeof grpcCodes;

/** The HTTP status Canton's JSON API answers for each gRPC code (its `GrpcHttpErrorCodes`). */
export const httpStatusOfGrpcCode: Readonly<Record<GrpcCodeName, number>> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  ABORTED: 409,
  INTERNAL: 500,
  UNIMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

type Category = {
  readonly asInt: number;
  readonly grpc: GrpcCodeName;
  /** Canton retries these after one second by default. */
  readonly retryable?: true;
  /** Canton hides the details of these from the caller and only logs them. */
  readonly securitySensitive?: true;
};

/** Canton's error categories (`com.digitalasset.base.error.ErrorCategory`). */
export const errorCategories = {
  TransientServerFailure: { asInt: 1, grpc: 'UNAVAILABLE', retryable: true },
  ContentionOnSharedResources: { asInt: 2, grpc: 'ABORTED', retryable: true },
  DeadlineExceededRequestStateUnknown: { asInt: 3, grpc: 'DEADLINE_EXCEEDED', retryable: true },
  SystemInternalAssumptionViolated: { asInt: 4, grpc: 'INTERNAL', securitySensitive: true },
  SecurityAlert: { asInt: 5, grpc: 'INVALID_ARGUMENT', securitySensitive: true },
  AuthInterceptorInvalidAuthenticationCredentials: {
    asInt: 6,
    grpc: 'UNAUTHENTICATED',
    securitySensitive: true,
  },
  InsufficientPermission: { asInt: 7, grpc: 'PERMISSION_DENIED', securitySensitive: true },
  InvalidIndependentOfSystemState: { asInt: 8, grpc: 'INVALID_ARGUMENT' },
  InvalidGivenCurrentSystemStateOther: { asInt: 9, grpc: 'FAILED_PRECONDITION' },
  InvalidGivenCurrentSystemStateResourceExists: { asInt: 10, grpc: 'ALREADY_EXISTS' },
  InvalidGivenCurrentSystemStateResourceMissing: { asInt: 11, grpc: 'NOT_FOUND' },
  InvalidGivenCurrentSystemStateSeekAfterEnd: { asInt: 12, grpc: 'OUT_OF_RANGE' },
  InternalUnsupportedOperation: { asInt: 14, grpc: 'UNIMPLEMENTED', securitySensitive: true },
} as const satisfies Record<string, Category>;

export type ErrorCategoryName = keyof typeof errorCategories;

export type CategoryFacts = {
  readonly category: number;
  readonly grpcCode: number;
  readonly httpStatus: number;
  /** The retry hint as Canton renders it: a Scala duration's `toString`. */
  readonly retryInfo?: string;
  readonly securitySensitive: boolean;
};

export function categoryFacts(name: ErrorCategoryName): CategoryFacts {
  const category: Category = errorCategories[name];
  return {
    category: category.asInt,
    grpcCode: grpcCodes[category.grpc],
    httpStatus: httpStatusOfGrpcCode[category.grpc],
    ...(category.retryable ? { retryInfo: '1 second' } : {}),
    securitySensitive: category.securitySensitive === true,
  };
}
