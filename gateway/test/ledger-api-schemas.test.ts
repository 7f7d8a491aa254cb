import { type LedgerApiRequestName, ledgerApiRequestSchemas } from '@pocketnet/schema';
import { describe, expect, it } from 'vitest';
import { expectRequestMatchesSpec, jsonRequestBodies } from './openapi-validator.ts';

const alice = 'alice::1220aa';
const eventFormat = {
  filtersByParty: {
    [alice]: {
      cumulative: [
        {
          identifierFilter: {
            TemplateFilter: { value: { templateId: '#pkg:M:T', includeCreatedEventBlob: true } },
          },
        },
        {
          identifierFilter: {
            InterfaceFilter: {
              value: {
                interfaceId: '#splice-api-token-holding-v1:Splice.Api.Token.HoldingV1:Holding',
                includeInterfaceView: true,
              },
            },
          },
        },
      ],
    },
  },
  filtersForAnyParty: {
    cumulative: [
      { identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: false } } } },
    ],
  },
  verbose: false,
};
const transactionFormat = { eventFormat, transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' };
const updateFormat = { includeTransactions: transactionFormat, includeReassignments: eventFormat };
const jsCommands = {
  commands: [
    { CreateCommand: { templateId: '#pkg:M:T', createArguments: { owner: alice } } },
    {
      ExerciseCommand: {
        templateId: '#pkg:M:T',
        contractId: '00ab',
        choice: 'Go',
        choiceArgument: {},
      },
    },
  ],
  commandId: 'cmd-1',
  actAs: [alice],
  readAs: [],
  userId: 'alice',
  deduplicationPeriod: { DeduplicationDuration: { value: { seconds: 30, nanos: 0 } } },
  minLedgerTimeRel: { seconds: 1, nanos: 0 },
  disclosedContracts: [
    {
      templateId: '#pkg:M:T',
      contractId: '00cd',
      createdEventBlob: 'CgM=',
      synchronizerId: 'global::1220',
    },
  ],
  prefetchContractKeys: [{ templateId: '#pkg:M:T', contractKey: alice }],
};
const fieldMask = { paths: ['primary_party'], unknownFields: { fields: {} } };
const signature = {
  format: 'SIGNATURE_FORMAT_CONCAT',
  signature: 'c2ln',
  signedBy: '1220aa',
  signingAlgorithmSpec: 'SIGNING_ALGORITHM_SPEC_ED25519',
};

// One body each, valid per the 3.5 spec, at the operation that takes it.
const examples: Array<[LedgerApiRequestName, string, string, unknown]> = [
  ['JsCommands', 'post', '/v2/commands/submit-and-wait', jsCommands],
  [
    'JsSubmitAndWaitForTransactionRequest',
    'post',
    '/v2/commands/submit-and-wait-for-transaction',
    { commands: jsCommands, transactionFormat },
  ],
  [
    'SubmitReassignmentRequest',
    'post',
    '/v2/commands/async/submit-reassignment',
    {
      reassignmentCommands: {
        commandId: 'r-1',
        submitter: alice,
        commands: [
          {
            command: {
              UnassignCommand: { value: { contractId: '00ab', source: 's::1', target: 't::1' } },
            },
          },
        ],
      },
    },
  ],
  [
    'CompletionStreamRequest',
    'post',
    '/v2/commands/completions',
    { userId: 'alice', parties: [alice], beginExclusive: 0 },
  ],
  [
    'GetActiveContractsRequest',
    'post',
    '/v2/state/active-contracts',
    { activeAtOffset: 12, eventFormat },
  ],
  [
    'GetActiveContractsPageRequest',
    'get',
    '/v2/state/active-contracts-page',
    { eventFormat, maxPageSize: 10 },
  ],
  [
    'GetUpdatesRequest',
    'post',
    '/v2/updates',
    { beginExclusive: 0, endInclusive: 10, updateFormat },
  ],
  [
    'GetUpdatesPageRequest',
    'post',
    '/v2/updates/get-updates-page',
    { updateFormat, maxPageSize: 5 },
  ],
  [
    'GetTransactionByOffsetRequest',
    'post',
    '/v2/updates/transaction-by-offset',
    { offset: 3, transactionFormat },
  ],
  [
    'GetTransactionByIdRequest',
    'post',
    '/v2/updates/transaction-by-id',
    { updateId: '1220ff', requestingParties: [alice] },
  ],
  ['GetUpdateByOffsetRequest', 'post', '/v2/updates/update-by-offset', { offset: 3, updateFormat }],
  [
    'GetUpdateByIdRequest',
    'post',
    '/v2/updates/update-by-id',
    { updateId: '1220ff', updateFormat },
  ],
  [
    'GetEventsByContractIdRequest',
    'post',
    '/v2/events/events-by-contract-id',
    { contractId: '00ab', eventFormat },
  ],
  [
    'GetContractRequest',
    'post',
    '/v2/contracts/contract-by-id',
    { contractId: '00ab', queryingParties: [alice] },
  ],
  [
    'AllocatePartyRequest',
    'post',
    '/v2/parties',
    { partyIdHint: 'alice', localMetadata: { annotations: { k: 'v' } }, userId: 'alice' },
  ],
  [
    'UpdatePartyDetailsRequest',
    'patch',
    `/v2/parties/${alice}`,
    { partyDetails: { party: alice, isLocal: true }, updateMask: fieldMask },
  ],
  [
    'GenerateExternalPartyTopologyRequest',
    'post',
    '/v2/parties/external/generate-topology',
    {
      synchronizer: 'global::1220',
      partyHint: 'ext',
      publicKey: {
        format: 'CRYPTO_KEY_FORMAT_RAW',
        keyData: 'a2V5',
        keySpec: 'SIGNING_KEY_SPEC_EC_CURVE25519',
      },
    },
  ],
  [
    'AllocateExternalPartyRequest',
    'post',
    '/v2/parties/external/allocate',
    {
      synchronizer: 'global::1220',
      onboardingTransactions: [{ transaction: 'dHg=' }],
      multiHashSignatures: [signature],
    },
  ],
  [
    'CreateUserRequest',
    'post',
    '/v2/users',
    {
      user: { id: 'alice', primaryParty: alice },
      rights: [
        { kind: { CanActAs: { value: { party: alice } } } },
        { kind: { ParticipantAdmin: { value: {} } } },
      ],
    },
  ],
  [
    'UpdateUserRequest',
    'patch',
    '/v2/users/alice',
    { user: { id: 'alice', isDeactivated: true }, updateMask: fieldMask },
  ],
  [
    'GrantUserRightsRequest',
    'post',
    '/v2/users/alice/rights',
    { userId: 'alice', rights: [{ kind: { CanReadAsAnyParty: { value: {} } } }] },
  ],
  [
    'RevokeUserRightsRequest',
    'patch',
    '/v2/users/alice/rights',
    { userId: 'alice', rights: [{ kind: { CanReadAs: { value: { party: alice } } } }] },
  ],
  [
    'UpdateUserIdentityProviderIdRequest',
    'patch',
    '/v2/users/alice/identity-provider-id',
    { userId: 'alice', targetIdentityProviderId: 'idp1' },
  ],
  [
    'CreateIdentityProviderConfigRequest',
    'post',
    '/v2/idps',
    {
      identityProviderConfig: {
        identityProviderId: 'idp1',
        issuer: 'https://idp',
        jwksUrl: 'https://idp/jwks',
        audience: 'aud',
      },
    },
  ],
  [
    'UpdateIdentityProviderConfigRequest',
    'patch',
    '/v2/idps/idp1',
    {
      identityProviderConfig: {
        identityProviderId: 'idp1',
        issuer: 'https://idp',
        jwksUrl: 'https://idp/jwks',
        isDeactivated: true,
      },
      updateMask: fieldMask,
    },
  ],
  [
    'ListVettedPackagesRequest',
    'post',
    '/v2/package-vetting/list',
    { packageMetadataFilter: { packageNamePrefixes: ['splice'] }, pageSize: 10 },
  ],
  [
    'UpdateVettedPackagesRequest',
    'post',
    '/v2/package-vetting/update',
    {
      changes: [
        {
          operation: {
            Vet: {
              value: { packages: [{ packageName: 'splice-amulet', packageVersion: '0.1.9' }] },
            },
          },
        },
      ],
      dryRun: true,
      expectedTopologySerial: { serial: { Prior: { value: 3 } } },
    },
  ],
  [
    'JsPrepareSubmissionRequest',
    'post',
    '/v2/interactive-submission/prepare',
    {
      commandId: 'p-1',
      commands: jsCommands.commands,
      actAs: [alice],
      synchronizerId: 'global::1220',
      hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2',
    },
  ],
  [
    'JsExecuteSubmissionAndWaitRequest',
    'post',
    '/v2/interactive-submission/executeAndWait',
    {
      preparedTransaction: 'cHJlcA==',
      partySignatures: { signatures: [{ party: alice, signatures: [signature] }] },
      deduplicationPeriod: { DeduplicationOffset: { value: 4 } },
      submissionId: 's-1',
      hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2',
    },
  ],
  [
    'GetPreferredPackagesRequest',
    'post',
    '/v2/interactive-submission/preferred-packages',
    { packageVettingRequirements: [{ parties: [alice], packageName: 'splice-amulet' }] },
  ],
];

// Bodies both the spec and the schema refuse.
const invalid: Array<[LedgerApiRequestName, string, string, unknown]> = [
  ['JsCommands', 'post', '/v2/commands/async/submit', { ...jsCommands, commandId: 7 }],
  [
    'JsCommands',
    'post',
    '/v2/commands/async/submit',
    { ...jsCommands, deduplicationPeriod: { DeduplicationOffset: { value: 'soon' } } },
  ],
  ['GetUpdatesRequest', 'post', '/v2/updates', { beginExclusive: 1.5 }],
  ['CreateUserRequest', 'post', '/v2/users', { user: { primaryParty: alice } }],
  [
    'UpdatePartyDetailsRequest',
    'patch',
    `/v2/parties/${alice}`,
    { partyDetails: { isLocal: true }, updateMask: fieldMask },
  ],
  [
    'GetEventsByContractIdRequest',
    'post',
    '/v2/events/events-by-contract-id',
    { contractId: ['00ab'], eventFormat },
  ],
  [
    'JsSubmitAndWaitForTransactionRequest',
    'post',
    '/v2/commands/submit-and-wait-for-transaction',
    { commands: jsCommands, transactionFormat: { eventFormat } },
  ],
];

describe('ledger API request schemas', () => {
  it('cover every JSON request body of the /v2 operations', () => {
    const names = new Set(
      jsonRequestBodies('ledger')
        .filter((op) => op.path.startsWith('/v2'))
        .map((op) => op.schema),
    );
    const missing = [...names].filter((name) => !(name in ledgerApiRequestSchemas));
    expect(missing).toEqual([]);
  });

  it.each(examples)('accept a %s the spec accepts', (name, method, path, body) => {
    expectRequestMatchesSpec({ spec: 'ledger', method, path, body });
    const result = ledgerApiRequestSchemas[name].safeParse(body);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it.each(invalid)('refuse a %s the spec refuses', (name, method, path, body) => {
    expect(() => expectRequestMatchesSpec({ spec: 'ledger', method, path, body })).toThrow();
    expect(ledgerApiRequestSchemas[name].safeParse(body).success).toBe(false);
  });
});
