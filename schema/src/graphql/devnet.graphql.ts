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
  }

  type DevnetTime {
    time: Timestamp!
    "Microseconds since the epoch, as a decimal string."
    micros: String!
  }
`;
