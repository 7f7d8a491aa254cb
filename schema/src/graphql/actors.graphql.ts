/**
 * The workflow state machines and their actors: one actor per workflow contract (offer,
 * instruction, preapproval, merge delegation, traffic purchase, mining round, onboarding).
 * A caller sees the actors of the parties it may read as; everyone sees the rounds.
 */
export const actorsTypeDefs = /* GraphQL */ `
  extend type Query {
    "Every machine the node runs actors of."
    machines: [Machine!]!
    "One machine, with its definition; null when there is no such machine."
    machine(id: String!): Machine
    "The actors the caller may see, of a machine and in a state (a parent state matches its children)."
    actors(machine: String, state: String): [Actor!]!
    "One actor; null when it does not exist or the caller may not see it."
    actor(id: ID!): Actor
  }

  extend type Subscription {
    "Transitions of the actors the caller may see, of one machine or one actor, as they happen."
    actorTransitions(machine: String, actorId: ID): ActorTransition!
  }

  type Machine {
    id: String!
    description: String!
    "Every state; nested ones dotted (open.active.renewed)."
    states: [String!]!
    initial: String!
    finalStates: [String!]!
    "The machine's definition as JSON (XState's machine.toJSON())."
    definition: JSON!
    "The statechart as a Mermaid stateDiagram-v2."
    mermaid: String!
    transitions: [MachineTransition!]!
    "The actors of this machine the caller may see."
    actors(state: String): [Actor!]!
  }

  type MachineTransition {
    from: String!
    to: String!
    event: String!
    label: String!
    "event, after or always."
    kind: String!
  }

  type Actor {
    id: ID!
    machine: String!
    "The current state, dotted for nested states."
    state: String!
    "active or done."
    status: String!
    parties: [String!]!
    contractIds: [String!]!
    trackingId: String
    createdAt: Timestamp!
    updatedAt: Timestamp!
    context: JSON
    output: JSON
    "Every transition so far, oldest first."
    history: [ActorTransition!]!
  }

  type ActorTransition {
    actorId: ID!
    machine: String!
    from: String
    to: String!
    event: String!
    offset: Offset
    updateId: String
    at: Timestamp!
    "The actor now (null if the caller may no longer see it)."
    actor: Actor
  }
`;
