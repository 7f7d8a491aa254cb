/** Scalars and enums shared by every part of the graph. */
export const scalarsTypeDefs = /* GraphQL */ `
  "Any JSON value: Daml values as the JSON Ledger API renders them, machine definitions, contexts."
  scalar JSON

  "A ledger offset: a non-negative integer (at most 2^53 - 1), serialised as a JSON number."
  scalar Offset

  "An instant as an ISO-8601 string in UTC, on the node's clock."
  scalar Timestamp

  "A Daml Numeric 10 as a decimal string (exact, never a float)."
  scalar Numeric

  "Which events a transaction shows: the active-contract delta, or every create and exercise."
  enum TransactionShape {
    ACS_DELTA
    LEDGER_EFFECTS
  }
`;
