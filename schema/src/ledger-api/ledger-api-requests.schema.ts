import type { z } from 'zod';
import { parseJsCommandsFast } from './commands.fast-parse.ts';
import { jsCommandsSchema, jsSubmitAndWaitForTransactionRequestSchema } from './commands.schema.ts';
import {
  createIdentityProviderConfigRequestSchema,
  updateIdentityProviderConfigRequestSchema,
} from './idps.schema.ts';
import {
  getPreferredPackagesRequestSchema,
  jsExecuteSubmissionAndWaitForTransactionRequestSchema,
  jsExecuteSubmissionRequestSchema,
  jsPrepareSubmissionRequestSchema,
} from './interactive-submission.schema.ts';
import {
  listVettedPackagesRequestSchema,
  updateVettedPackagesRequestSchema,
} from './package-vetting.schema.ts';
import {
  allocateExternalPartyRequestSchema,
  allocatePartyRequestSchema,
  generateExternalPartyTopologyRequestSchema,
  updatePartyDetailsRequestSchema,
} from './parties.schema.ts';
import {
  completionStreamRequestSchema,
  getActiveContractsPageRequestSchema,
  getActiveContractsRequestSchema,
  getContractRequestSchema,
  getEventsByContractIdRequestSchema,
  getTransactionByIdRequestSchema,
  getTransactionByOffsetRequestSchema,
  getUpdateByIdRequestSchema,
  getUpdateByOffsetRequestSchema,
  getUpdatesPageRequestSchema,
  getUpdatesRequestSchema,
} from './reads.schema.ts';
import {
  submitAndWaitForReassignmentRequestSchema,
  submitReassignmentRequestSchema,
} from './reassignments.schema.ts';
import {
  createUserRequestSchema,
  grantUserRightsRequestSchema,
  revokeUserRightsRequestSchema,
  updateUserIdentityProviderIdRequestSchema,
  updateUserRequestSchema,
} from './users.schema.ts';

/**
 * Every JSON request body of the Ledger API's /v2 operations, keyed by the name the OpenAPI
 * document gives its schema, so a route and a test can both name a body as the spec does.
 */
export const ledgerApiRequestSchemas = {
  JsCommands: jsCommandsSchema,
  JsSubmitAndWaitForTransactionRequest: jsSubmitAndWaitForTransactionRequestSchema,
  SubmitReassignmentRequest: submitReassignmentRequestSchema,
  SubmitAndWaitForReassignmentRequest: submitAndWaitForReassignmentRequestSchema,
  CompletionStreamRequest: completionStreamRequestSchema,
  GetActiveContractsRequest: getActiveContractsRequestSchema,
  GetActiveContractsPageRequest: getActiveContractsPageRequestSchema,
  GetUpdatesRequest: getUpdatesRequestSchema,
  GetUpdatesPageRequest: getUpdatesPageRequestSchema,
  GetTransactionByOffsetRequest: getTransactionByOffsetRequestSchema,
  GetTransactionByIdRequest: getTransactionByIdRequestSchema,
  GetUpdateByOffsetRequest: getUpdateByOffsetRequestSchema,
  GetUpdateByIdRequest: getUpdateByIdRequestSchema,
  GetEventsByContractIdRequest: getEventsByContractIdRequestSchema,
  GetContractRequest: getContractRequestSchema,
  AllocatePartyRequest: allocatePartyRequestSchema,
  UpdatePartyDetailsRequest: updatePartyDetailsRequestSchema,
  GenerateExternalPartyTopologyRequest: generateExternalPartyTopologyRequestSchema,
  AllocateExternalPartyRequest: allocateExternalPartyRequestSchema,
  CreateUserRequest: createUserRequestSchema,
  UpdateUserRequest: updateUserRequestSchema,
  GrantUserRightsRequest: grantUserRightsRequestSchema,
  RevokeUserRightsRequest: revokeUserRightsRequestSchema,
  UpdateUserIdentityProviderIdRequest: updateUserIdentityProviderIdRequestSchema,
  CreateIdentityProviderConfigRequest: createIdentityProviderConfigRequestSchema,
  UpdateIdentityProviderConfigRequest: updateIdentityProviderConfigRequestSchema,
  ListVettedPackagesRequest: listVettedPackagesRequestSchema,
  UpdateVettedPackagesRequest: updateVettedPackagesRequestSchema,
  JsPrepareSubmissionRequest: jsPrepareSubmissionRequestSchema,
  JsExecuteSubmissionRequest: jsExecuteSubmissionRequestSchema,
  JsExecuteSubmissionAndWaitRequest: jsExecuteSubmissionRequestSchema,
  JsExecuteSubmissionAndWaitForTransactionRequest:
    jsExecuteSubmissionAndWaitForTransactionRequestSchema,
  GetPreferredPackagesRequest: getPreferredPackagesRequestSchema,
} as const;

export type LedgerApiRequestName = keyof typeof ledgerApiRequestSchemas;

export type LedgerApiRequest<TName extends LedgerApiRequestName> = z.output<
  (typeof ledgerApiRequestSchemas)[TName]
>;

/**
 * Parsers that answer exactly as a body's schema would for the shapes clients usually send,
 * and `undefined` for anything else (then the schema decides): the hot command bodies.
 */
export const ledgerApiRequestFastParsers: {
  readonly [TName in LedgerApiRequestName]?: (
    input: unknown,
  ) => LedgerApiRequest<TName> | undefined;
} = { JsCommands: parseJsCommandsFast };
