import { expect } from 'vitest';
import {
  allocateParty,
  createIou,
  createUser,
  exercise,
  iouTemplate,
  iouTransferTemplate,
  type LedgerHttp,
  ledgerEnd,
  type Submission,
} from './ledger-http.ts';

/** Owners by index into the scenario's owner parties; the bank issues every Iou. */
export type Step =
  | { readonly kind: 'create'; readonly owner: number; readonly amount: number }
  | { readonly kind: 'transfer'; readonly iou: number; readonly to: number }
  | { readonly kind: 'split'; readonly iou: number; readonly splitAmount: number }
  | { readonly kind: 'exerciseArchived'; readonly archived: number }
  | { readonly kind: 'transferByStranger'; readonly iou: number };

export const ownerHints = ['alice', 'bob', 'carol'] as const;
export const deskUser = 'desk';

export type Scenario = {
  readonly http: LedgerHttp;
  readonly bank: string;
  readonly owners: readonly string[];
  /** Every party, for a reader that should see everything. */
  readonly parties: readonly string[];
};

type ActiveIou = { readonly contractId: string; readonly owner: string; readonly amount: number };

/** The Ious the scenario expects to be active, and the ids it knows to be archived. */
export type IouModel = { active: ActiveIou[]; archived: string[] };

/** Allocates the bank and the owners, and a desk user acting as all of them. */
export async function setUpScenario(http: LedgerHttp): Promise<Scenario> {
  const bank = await allocateParty(http, 'bank');
  const owners: string[] = [];
  for (const hint of ownerHints) owners.push(await allocateParty(http, hint));
  const parties = [bank, ...owners];
  await createUser(http, deskUser, parties);
  return { http, bank, owners, parties };
}

type Created = { CreatedEvent?: { contractId: string; templateId: string } };

/** Submits and returns the status and, on success, the contract ids the transaction created. */
async function submit(http: LedgerHttp, submission: Submission) {
  const response = await http.call('/v2/commands/submit-and-wait-for-transaction', {
    user: deskUser,
    body: { commands: submission },
  });
  const body = (await response.json()) as { transaction?: { events: Created[] } };
  const created = (body.transaction?.events ?? []).flatMap((event) =>
    event.CreatedEvent ? [event.CreatedEvent.contractId] : [],
  );
  return { status: response.status, created, body };
}

/**
 * Runs the steps through the Ledger API, checking each against the model: a valid step answers
 * 200 and a step the ledger must refuse answers an error and leaves the ledger end where it was.
 */
export async function runSteps(
  scenario: Scenario,
  steps: readonly Step[],
  runId: string,
): Promise<IouModel> {
  const model: IouModel = { active: [], archived: [] };
  let counter = 0;
  const commandId = () => {
    counter += 1;
    return `${runId}-${counter}`;
  };
  for (const step of steps) {
    const planned = plan({ scenario, model, nextId: commandId }, step);
    if (planned === null) continue;
    const before = await ledgerEnd(scenario.http);
    let created: string[] = [];
    for (const submission of planned.submissions) {
      const result = await submit(scenario.http, submission(created));
      if (!planned.valid) {
        // Refused as the client's fault (4xx), never as a server failure.
        expect(result.status, JSON.stringify(result.body)).toBeGreaterThanOrEqual(400);
        expect(result.status, JSON.stringify(result.body)).toBeLessThan(500);
        expect(await ledgerEnd(scenario.http)).toBe(before);
        break;
      }
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      created = result.created;
    }
    if (planned.valid) planned.apply(created);
  }
  return model;
}

type Planned = {
  readonly valid: boolean;
  /** Each submission may use the ids the previous one created. */
  readonly submissions: ReadonlyArray<(created: readonly string[]) => Submission>;
  readonly apply: (created: readonly string[]) => void;
};

const pick = <TItem>(items: readonly TItem[], index: number): TItem | undefined =>
  items.length === 0 ? undefined : items[index % items.length];

type PlanContext = {
  readonly scenario: Scenario;
  readonly model: IouModel;
  readonly nextId: () => string;
};

/** A step the ledger must refuse: one submission, and nothing to apply. */
const refused = (submission: () => Submission): Planned => ({
  valid: false,
  submissions: [submission],
  apply: () => {},
});

function plan(context: PlanContext, step: Step): Planned | null {
  switch (step.kind) {
    case 'create':
      return planCreate(context, step);
    case 'transfer':
      return planTransfer(context, step);
    case 'split':
      return planSplit(context, step);
    case 'exerciseArchived':
      return planExerciseArchived(context, step);
    case 'transferByStranger':
      return planTransferByStranger(context, step);
  }
}

function planCreate(
  { scenario, model, nextId }: PlanContext,
  step: Extract<Step, { kind: 'create' }>,
): Planned {
  const { bank } = scenario;
  const owner = pick(scenario.owners, step.owner) ?? bank;
  const iou = { issuer: bank, owner, amount: String(step.amount), currency: 'USD' };
  return {
    // The Iou's ensure clause wants a positive amount.
    valid: step.amount > 0,
    submissions: [
      () => ({ commandId: nextId(), actAs: [bank, owner], commands: [createIou(iou)] }),
    ],
    apply: ([contractId = '']) => model.active.push({ contractId, owner, amount: step.amount }),
  };
}

function planExerciseArchived(
  { scenario, model, nextId }: PlanContext,
  step: Extract<Step, { kind: 'exerciseArchived' }>,
): Planned | null {
  const archived = pick(model.archived, step.archived);
  const [owner] = scenario.owners;
  if (archived === undefined || owner === undefined) return null;
  const transfer = exercise(iouTemplate, archived, 'Iou_Transfer', { newOwner: owner });
  return refused(() => ({ commandId: nextId(), actAs: scenario.owners, commands: [transfer] }));
}

function planTransferByStranger(
  { scenario, model, nextId }: PlanContext,
  step: Extract<Step, { kind: 'transferByStranger' }>,
): Planned | null {
  const iou = pick(model.active, step.iou);
  const stranger = scenario.owners.find((party) => party !== iou?.owner);
  if (iou === undefined || stranger === undefined) return null;
  const transfer = exercise(iouTemplate, iou.contractId, 'Iou_Transfer', { newOwner: stranger });
  return refused(() => ({ commandId: nextId(), actAs: [stranger], commands: [transfer] }));
}

function archive(model: IouModel, contractId: string): void {
  model.active = model.active.filter((iou) => iou.contractId !== contractId);
  model.archived.push(contractId);
}

function planTransfer(
  { scenario, model, nextId }: PlanContext,
  step: Extract<Step, { kind: 'transfer' }>,
): Planned | null {
  const iou = pick(model.active, step.iou);
  const to = pick(scenario.owners, step.to);
  if (iou === undefined || to === undefined) return null;
  const offer = exercise(iouTemplate, iou.contractId, 'Iou_Transfer', { newOwner: to });
  const accept = (transferId: string) =>
    exercise(iouTransferTemplate, transferId, 'IouTransfer_Accept', {});
  return {
    valid: true,
    submissions: [
      () => ({ commandId: nextId(), actAs: [iou.owner], commands: [offer] }),
      ([transferId = '']) => ({ commandId: nextId(), actAs: [to], commands: [accept(transferId)] }),
    ],
    apply: ([contractId = '']) => {
      archive(model, iou.contractId);
      model.active.push({ contractId, owner: to, amount: iou.amount });
    },
  };
}

function planSplit(
  { model, nextId }: PlanContext,
  step: Extract<Step, { kind: 'split' }>,
): Planned | null {
  const iou = pick(model.active, step.iou);
  if (iou === undefined) return null;
  const split = exercise(iouTemplate, iou.contractId, 'Iou_Split', {
    splitAmount: String(step.splitAmount),
  });
  return {
    // Both halves must pass the Iou's ensure clause: a positive amount.
    valid: step.splitAmount > 0 && step.splitAmount < iou.amount,
    submissions: [() => ({ commandId: nextId(), actAs: [iou.owner], commands: [split] })],
    apply: ([first = '', second = '']) => {
      archive(model, iou.contractId);
      model.active.push({ contractId: first, owner: iou.owner, amount: step.splitAmount });
      model.active.push({
        contractId: second,
        owner: iou.owner,
        amount: iou.amount - step.splitAmount,
      });
    },
  };
}
