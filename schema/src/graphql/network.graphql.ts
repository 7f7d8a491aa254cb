/** What the network looks like, as Scan serves it: mining rounds and the name service. */
export const networkTypeDefs = /* GraphQL */ `
  extend type Query {
    "The active mining rounds, each list by round number."
    miningRounds: MiningRounds!
    "Name service entries whose name starts with namePrefix."
    ansEntries(namePrefix: String = "", pageSize: Int = 100): [AnsEntry!]!
    "The entry of a name; null when there is none."
    ansEntryByName(name: String!): AnsEntry
    "The first entry of a party; null when it has none."
    ansEntryByParty(party: String!): AnsEntry
  }

  type MiningRounds {
    open: [MiningRound!]!
    issuing: [MiningRound!]!
    closed: [MiningRound!]!
  }

  type MiningRound {
    contractId: ID!
    "The round's number, as a decimal string."
    round: String!
    templateId: String!
    payload: JSON!
    createdAt: Timestamp!
    "The round's actor (mining-round machine), if it runs."
    actor: Actor
  }

  type AnsEntry {
    contractId: String
    user: String!
    name: String!
    url: String!
    description: String!
    expiresAt: Timestamp
  }
`;
