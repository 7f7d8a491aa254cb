import type { ActorEventData, Step } from './ledger-events.ts';

/** An actor event: its type, when and in which update it happened, and its data. */
export const actorEvent = (type: string, step: Step, data?: object): ActorEventData => {
  const event = { type, at: step.at, transactionId: step.transactionId };
  return data === undefined ? event : Object.assign(event, data);
};
