/** The devnet's time machine (participant admins only, and only on a devnet). */
export const devnetTypeDefs = /* GraphQL */ `
  extend type Query {
    "The node's time."
    devnetTime: DevnetTime!
  }

  extend type Mutation {
    "Moves the node's clock forward; everything due on the way happens, in order, first."
    advanceTime(seconds: Float!): DevnetTime!
    "Moves time to the opening of the next mining round, count times."
    advanceRounds(count: Int = 1): DevnetTime!
    "Sets the amulet price the next mining round opens with; the price set."
    setAmuletPrice(price: Numeric!): Numeric!
    "Takes a snapshot of the whole node; revert to it with its id."
    snapshot: DevnetSnapshot!
    "Puts the whole node back to a snapshot (later ones are dropped); every open stream and subscription ends, naming the revert."
    revert(id: ID!): DevnetReverted!
    "Puts the whole node back to where it reported ready (genesis, a loaded state, a fixture)."
    reset: DevnetReverted!
  }

  type DevnetSnapshot {
    id: ID!
    "The ledger end at the snapshot."
    ledgerEnd: Offset!
    "The node's time at the snapshot, microseconds since the epoch as a decimal string."
    micros: String!
  }

  type DevnetReverted {
    "The snapshot gone back to (genesis for a reset)."
    id: ID!
    "The ledger end now: the next update takes the offset after it."
    ledgerEnd: Offset!
    time: Timestamp!
    micros: String!
  }

  type DevnetTime {
    time: Timestamp!
    "Microseconds since the epoch, as a decimal string."
    micros: String!
  }
`;
