import type { DomainError } from '@pocketnet/ledger';
import { factsOf } from './canton-error-catalogue.ts';
import { categoryFacts } from './canton-error-categories.ts';

/** The JSON Ledger API's error body (the spec's `JsCantonError`). */
export type JsCantonError = {
  readonly code: string;
  readonly cause: string;
  readonly correlationId?: string;
  readonly traceId?: string;
  readonly context: Readonly<Record<string, string>>;
  readonly resources: ReadonlyArray<readonly [string, string]>;
  readonly errorCategory: number;
  readonly grpcCodeValue?: number;
  readonly retryInfo?: string;
  readonly definiteAnswer?: boolean;
};

export type RenderedCantonError = { readonly status: number; readonly body: JsCantonError };

export type CantonErrorRenderOptions = {
  readonly traceId?: string;
  readonly correlationId?: string;
  /** Shown as `context.participant`, quoted as Canton's logging context quotes it. */
  readonly participant?: string;
  /**
   * Canton answers authentication and permission failures with a redacted body (code `NA`) and
   * only logs the reason; `true` shows the real code and cause instead, for local debugging.
   */
  readonly revealSecuritySensitive?: boolean;
};

// Detail keys that Canton reports as typed resources rather than as context entries.
const resourceNames: Readonly<Record<string, string>> = {
  contractId: 'CONTRACT_ID',
  contractKey: 'CONTRACT_KEY',
  templateId: 'TEMPLATE_ID',
  interfaceId: 'INTERFACE_ID',
  packageId: 'PACKAGE',
  packageName: 'PACKAGE_NAME',
  party: 'PARTY',
  parties: 'PARTIES',
  userId: 'USER',
  commandId: 'COMMAND_ID',
  updateId: 'TRANSACTION_ID',
  identityProviderId: 'IDENTITY_PROVIDER_CONFIG',
};

const securitySensitiveCause = 'A security-sensitive error has been received';

function split(details: Readonly<Record<string, string>>) {
  const context: Record<string, string> = {};
  const resources: Array<readonly [string, string]> = [];
  for (const [key, value] of Object.entries(details)) {
    const resource = resourceNames[key];
    if (resource) resources.push([resource, value]);
    else context[key] = value;
  }
  return { context, resources };
}

const tracing = (options: CantonErrorRenderOptions) => ({
  ...(options.correlationId === undefined ? {} : { correlationId: options.correlationId }),
  ...(options.traceId === undefined ? {} : { traceId: options.traceId }),
});

const participantContext = (options: CantonErrorRenderOptions) =>
  options.participant === undefined ? {} : { participant: `'${options.participant}'` };

/** A `DomainError` as Canton's JSON API renders a failed call with that error code. */
export function renderCantonError(
  error: DomainError,
  options: CantonErrorRenderOptions = {},
): RenderedCantonError {
  const facts = factsOf(error.code);
  if (facts.securitySensitive && !options.revealSecuritySensitive) {
    return redacted(error, options);
  }
  const { context, resources } = split(error.details);
  const definite = facts.definiteAnswer === false ? { definite_answer: 'false' } : {};
  const body: JsCantonError = {
    code: error.code,
    cause: error.message,
    ...tracing(options),
    context: {
      ...participantContext(options),
      ...context,
      category: String(facts.category),
      ...definite,
    },
    resources,
    errorCategory: facts.category,
    grpcCodeValue: facts.grpcCode,
    ...(facts.retryInfo === undefined ? {} : { retryInfo: facts.retryInfo }),
    ...(facts.definiteAnswer === undefined ? {} : { definiteAnswer: facts.definiteAnswer }),
  };
  return { status: facts.httpStatus, body };
}

// What Canton's JSON API makes of a redacted gRPC status: no category, no details.
function redacted(error: DomainError, options: CantonErrorRenderOptions): RenderedCantonError {
  const facts = factsOf(error.code);
  const tokenProblem =
    error.code === 'UNAUTHENTICATED' ? { ledger_api_error: 'invalid token' } : {};
  const body: JsCantonError = {
    code: 'NA',
    cause: securitySensitiveCause,
    ...tracing(options),
    context: tokenProblem,
    resources: [],
    errorCategory: -1,
    grpcCodeValue: facts.grpcCode,
  };
  return { status: facts.httpStatus, body };
}

/** The answer to a bug: a fixed message that points at the log line, never the cause. */
export function renderInternalError(
  options: CantonErrorRenderOptions & { readonly traceId: string; readonly correlationId: string },
): RenderedCantonError {
  const facts = categoryFacts('SystemInternalAssumptionViolated');
  return {
    status: facts.httpStatus,
    body: {
      code: 'LEDGER_API_INTERNAL_ERROR',
      cause: `An error occurred. Please contact the operator and inquire about the request ${options.correlationId} with tid ${options.traceId}`,
      ...tracing(options),
      context: { ...participantContext(options), category: String(facts.category) },
      resources: [],
      errorCategory: facts.category,
      grpcCodeValue: facts.grpcCode,
    },
  };
}
