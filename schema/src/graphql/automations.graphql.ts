/**
 * The automations' jobs as they move, for the validator operator (as `automationQueues`): a
 * job waits, runs, reports progress, and completes or fails for good.
 */
export const automationsTypeDefs = /* GraphQL */ `
  extend type Subscription {
    "Every job's moves from now on, on one queue or all of them (validator operator only)."
    automationJobEvents(queue: String): AutomationJobEvent!
  }

  enum AutomationJobState {
    "Ready to run: just added, its delay or backoff over, or stalled back."
    WAITING
    ACTIVE
    "A running job reported how far it got."
    PROGRESS
    COMPLETED
    "Failed for good: no attempt left, or a permanent failure."
    FAILED
  }

  "What a completed job's processor reported."
  enum AutomationJobOutcome {
    "It did the work."
    DONE
    "There was nothing to do (already done)."
    NOOP
    "Its trigger no longer held (the contract is gone)."
    STALE
  }

  type AutomationJobEvent {
    queue: String!
    jobId: String!
    name: String!
    state: AutomationJobState!
    "On PROGRESS: a percentage, or named counters."
    progress: JSON
    "On COMPLETED."
    outcome: AutomationJobOutcome
    "On FAILED: why."
    failedReason: String
    "When the automations saw the move."
    at: Timestamp!
  }
`;
