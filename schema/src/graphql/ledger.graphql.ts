/**
 * The participant's ledger: parties, users, active contracts, updates. Every read is filtered
 * by the caller's rights, as the JSON Ledger API's are; a filter without parties reads as every
 * party the caller may read as.
 */
export const ledgerTypeDefs = /* GraphQL */ `
  type Query {
    "The offset of the last committed update; 0 on an empty ledger."
    ledgerEnd: Offset!
    "The user the access token names."
    me: User!
    "A user: the caller itself, or any user for an admin."
    user(userId: String!, identityProviderId: String): User!
    "The users of an identity provider (admins only)."
    users(identityProviderId: String): [User!]!
    "Parties: READABLE are those the caller may read as; ALL needs an admin."
    parties(scope: PartyScope = READABLE, identityProviderId: String): [Party!]!
    "The active contracts the filter selects, now or at an earlier offset."
    contracts(filter: ContractFilter, activeAtOffset: Offset): [Contract!]!
    "A contract by id, with its archival if it has been archived (only for its stakeholders)."
    contract(contractId: ID!, parties: [String!]): Contract!
    "A page of updates after beginExclusive, up to endInclusive (default: the ledger end)."
    updates(
      beginExclusive: Offset!
      endInclusive: Offset
      filter: UpdateFilter
      shape: TransactionShape = ACS_DELTA
      pageSize: Int = 100
      pageToken: String
    ): UpdatesPage!
    "One update by its id, as the filter's readers see it."
    update(updateId: String!, filter: UpdateFilter, shape: TransactionShape = ACS_DELTA): Update!
    "One update by its offset, as the filter's readers see it."
    updateByOffset(offset: Offset!, filter: UpdateFilter, shape: TransactionShape = ACS_DELTA): Update!
  }

  type Mutation {
    "Allocates a party on this participant (participant or identity provider admins only)."
    allocateParty(partyIdHint: String, identityProviderId: String): Party!
    "Submits commands and waits for their transaction (the JSON Ledger API's JsCommands)."
    submitCommands(commands: JSON!): SubmitResult!
  }

  type Subscription {
    "Every update the filter's readers may see after beginExclusive: history first, then live, with no gap and no duplicate. Resume with the offset of the last update received."
    updates(beginExclusive: Offset!, filter: UpdateFilter, shape: TransactionShape = ACS_DELTA): Update!
    "Contracts created after beginExclusive (default: the ledger end) that the filter selects."
    contractCreated(beginExclusive: Offset, filter: ContractFilter): Contract!
    "Archivals after beginExclusive (default: the ledger end) of contracts the filter selects."
    contractArchived(beginExclusive: Offset, filter: ContractFilter): ArchivedEvent!
  }

  enum PartyScope {
    READABLE
    ALL
  }

  "Which contracts: of any of the templates or interfaces (none: all), seen by the parties."
  input ContractFilter {
    "Readers; omitted, every party the caller may read as."
    parties: [String!]
    "Template references, by package name (#pkg:Module:Entity) or package id."
    templateIds: [String!]
    "Interface references; each selected contract carries the interface's view."
    interfaceIds: [String!]
  }

  "Which updates: transactions with events the contract filter selects, and party allocations."
  input UpdateFilter {
    parties: [String!]
    templateIds: [String!]
    interfaceIds: [String!]
    "Include topology updates (party allocations) of the parties."
    includeTopology: Boolean = false
  }

  type Party {
    party: String!
    isLocal: Boolean!
    identityProviderId: String!
    annotations: JSON!
  }

  type User {
    id: String!
    primaryParty: String!
    isDeactivated: Boolean!
    identityProviderId: String!
    rights: [UserRight!]!
  }

  type UserRight {
    "CanActAs, CanReadAs, CanExecuteAs, ParticipantAdmin, IdentityProviderAdmin, CanReadAsAnyParty or CanExecuteAsAnyParty."
    kind: String!
    "The party of a party right."
    party: String
  }

  type Contract {
    contractId: ID!
    templateId: String!
    packageName: String!
    "The create argument."
    payload: JSON!
    contractKey: JSON
    signatories: [String!]!
    observers: [String!]!
    "The readers of the request that see this contract."
    witnessParties: [String!]!
    createdAt: Timestamp!
    createdOffset: Offset!
    synchronizerId: String!
    "The blob that discloses this contract to another participant's submission."
    createdEventBlob: String!
    "The views of the interfaces the filter named."
    interfaceViews: [InterfaceView!]!
    "How the contract was archived, if it has been (as the same readers see it)."
    archived: ArchivedEvent
    "The workflow actor that tracks this contract, if any."
    actor: Actor
  }

  type InterfaceView {
    interfaceId: String!
    view: JSON
  }

  union Update = Transaction | TopologyTransaction

  type UpdatesPage {
    updates: [Update!]!
    lowestOffsetExclusive: Offset!
    highestOffsetInclusive: Offset!
    "Continues after this page; null when the range is exhausted."
    nextPageToken: String
  }

  type Transaction {
    updateId: String!
    "Shown only to readers among the submitting parties."
    commandId: String!
    workflowId: String!
    offset: Offset!
    effectiveAt: Timestamp!
    recordTime: Timestamp!
    synchronizerId: String!
    events: [Event!]!
  }

  type TopologyTransaction {
    updateId: String!
    offset: Offset!
    recordTime: Timestamp!
    synchronizerId: String!
    participantId: String!
    "The parties newly hosted, among those asked for."
    parties: [String!]!
  }

  interface Event {
    nodeId: Int!
    offset: Offset!
    contractId: ID!
    templateId: String!
    packageName: String!
    witnessParties: [String!]!
  }

  type CreatedEvent implements Event {
    nodeId: Int!
    offset: Offset!
    contractId: ID!
    templateId: String!
    packageName: String!
    witnessParties: [String!]!
    "The contract this event created."
    contract: Contract!
  }

  type ArchivedEvent implements Event {
    nodeId: Int!
    offset: Offset!
    contractId: ID!
    templateId: String!
    packageName: String!
    witnessParties: [String!]!
    choice: String!
    actingParties: [String!]!
  }

  type ExercisedEvent implements Event {
    nodeId: Int!
    offset: Offset!
    contractId: ID!
    templateId: String!
    packageName: String!
    witnessParties: [String!]!
    interfaceId: String
    choice: String!
    choiceArgument: JSON!
    actingParties: [String!]!
    consuming: Boolean!
    exerciseResult: JSON
    lastDescendantNodeId: Int!
  }

  type SubmitResult {
    updateId: String!
    completionOffset: Offset!
    "The transaction as the submitting parties see it."
    transaction: Transaction
  }
`;
