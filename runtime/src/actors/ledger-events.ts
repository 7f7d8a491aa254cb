import type {
  AdminRecord,
  CreatedNode,
  ExercisedNode,
  JournalRecord,
  TopologyRecord,
  TransactionRecord,
  UserRight,
} from '@pocketnet/ledger';
import { actorIdOf, type MachineId } from './machine-catalog.ts';
import type { UserOnboardingInput } from './machines/user-onboarding.machine.ts';
import { spliceTemplateEvents, type TemplateEvents } from './splice-template-events.ts';

// The one place where ledger facts become actor events: a created contract spawns the actor of
// its workflow, a choice exercised on a workflow's contract sends that actor a dotted event
// (`offer.accepted`, `round.summarizing`, …), and admin and topology records move a user's
// onboarding. Routes address actors by actor id, by one of their contracts, or by a key.

/** An event for a machine: its type, when it happened, and what the machine needs of it. */
export type ActorEventData = { readonly type: string; readonly at: string } & Readonly<
  Record<string, unknown>
>;

export type ActorRoute =
  | {
      readonly kind: 'spawn';
      readonly machine: MachineId;
      readonly key: string;
      /** The name of the creation in the actor's history (`offer.created`). */
      readonly label: string;
      /** Built only when the actor is spawned (a renewal's contract belongs to its actor). */
      readonly input: () => { readonly at: string } & Readonly<Record<string, unknown>>;
      /** The contract that starts the workflow; no actor is spawned if one already owns it. */
      readonly contractId: string | null;
    }
  | { readonly kind: 'send'; readonly target: string; readonly event: ActorEventData };

/** When and in which update a fact happened. */
export type Step = { readonly at: string; readonly transactionId: string | null };

/** What most records mean to the workflows: nothing (no template of theirs is watched). */
const noRoutes: readonly ActorRoute[] = Object.freeze([]);

/** Maps each record to its routes; keeps a small cache of which templates matter. */
export function createLedgerEventMapper() {
  const byTemplateId = new Map<string, TemplateEvents | null>();
  const templateEvents = (node: CreatedNode | ExercisedNode) => {
    let found = byTemplateId.get(node.templateId);
    if (found === undefined) {
      // `packageId:Module:Entity` → `packageName:Module:Entity`, as the references name it.
      const name = `${node.packageName}${node.templateId.slice(node.templateId.indexOf(':'))}`;
      found = spliceTemplateEvents.get(name) ?? null;
      byTemplateId.set(node.templateId, found);
    }
    return found;
  };
  const transactionRoutes = (record: TransactionRecord): readonly ActorRoute[] => {
    let routes: ActorRoute[] | null = null;
    let step: Step | null = null;
    for (const node of record.nodes) {
      const events = templateEvents(node);
      if (events === null) continue;
      step ??= { at: record.recordTime, transactionId: record.updateId };
      routes ??= [];
      if (node.kind === 'created') {
        if (events.created) routes.push(...events.created(node, step));
        continue;
      }
      const choice =
        events.choices?.[node.choice] ?? (node.consuming ? events.consumed : undefined);
      if (choice === undefined) continue;
      for (const event of choice(node, step)) {
        routes.push({ kind: 'send', target: node.contractId, event });
      }
    }
    return routes ?? noRoutes;
  };
  return (record: JournalRecord): readonly ActorRoute[] => {
    switch (record.type) {
      case 'transaction':
        return transactionRoutes(record);
      case 'topology':
        return topologyRoutes(record);
      case 'admin':
        return adminRoutes(record);
      case 'rejection':
      case 'reassignment':
        return noRoutes;
    }
  };
}

const onboardingOf = (userId: string) => actorIdOf('user-onboarding', userId);

/** A party allocated with act-as rights for a user moves that user's onboarding on. */
function topologyRoutes(record: TopologyRecord): readonly ActorRoute[] {
  const [party] = record.parties;
  if (record.grantedTo === null || party === undefined) return noRoutes;
  const event = {
    type: 'onboarding.partyAllocated',
    at: record.recordTime,
    transactionId: record.updateId,
    party,
  };
  return [{ kind: 'send', target: onboardingOf(record.grantedTo), event }];
}

type CreatedUser = {
  readonly userId: string;
  readonly primaryParty: string;
  readonly identityProviderId: string;
  readonly rights: readonly UserRight[];
};

/** A new user starts its onboarding; one created for a party it acts as has that party already. */
function adminRoutes(record: AdminRecord): readonly ActorRoute[] {
  if (record.change.kind !== 'user.created') return noRoutes;
  const user = record.change as unknown as CreatedUser;
  const at = record.recordTime;
  const routes: ActorRoute[] = [
    {
      kind: 'spawn',
      machine: 'user-onboarding',
      key: user.userId,
      label: 'onboarding.requested',
      input: (): UserOnboardingInput => ({
        at,
        userId: user.userId,
        identityProviderId: user.identityProviderId,
      }),
      contractId: null,
    },
  ];
  const party = user.primaryParty;
  const actsAs = user.rights.some((right) => right.kind === 'CanActAs' && right.party === party);
  if (party !== '' && actsAs) {
    const event = { type: 'onboarding.partyAllocated', at, transactionId: null, party };
    routes.push({ kind: 'send', target: onboardingOf(user.userId), event });
  }
  return routes;
}
