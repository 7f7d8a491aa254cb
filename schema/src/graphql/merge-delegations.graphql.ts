/**
 * A wallet user's MergeDelegationProposals (listed on the Wallet type): the owner signs one at
 * onboarding, its wallet provider (the operator) accepts it into a MergeDelegation or rejects
 * it, and the owner may withdraw it before that. Each acts as the caller's own party, which
 * must be the proposal's operator (accept, reject) or owner (withdraw).
 */
export const mergeDelegationsTypeDefs = /* GraphQL */ `
  extend type Mutation {
    "Accepts a merge delegation proposal as its operator; the MergeDelegation's contract id."
    acceptMergeDelegationProposal(contractId: ID!): String!
    "Rejects a merge delegation proposal as its operator."
    rejectMergeDelegationProposal(contractId: ID!): Boolean!
    "Withdraws a merge delegation proposal as its owner."
    withdrawMergeDelegationProposal(contractId: ID!): Boolean!
  }
`;
