import type { LfValue } from '@pocketnet/daml-lf';
import type { Command, CreatedNode, ExercisedNode, Value } from '@pocketnet/ledger';

/** A contract as a script's queries see it: the payload in the ledger's value form. */
export type ScriptContract = {
  readonly contractId: string;
  /** `packageId:Module:Entity`. */
  readonly templateId: string;
  readonly payload: Value;
  readonly createdEventBlob: string;
};

export type ScriptSubmission = {
  readonly actAs: readonly string[];
  readonly readAs: readonly string[];
  readonly commands: readonly Command[];
  readonly disclosures: readonly { templateId: string; contractId: string; blob: string }[];
};

/**
 * Why the ledger refused a submission: Canton's error id and message, and the Daml exception
 * when an unhandled one caused it and the ledger is in this process.
 */
export type SubmitFailure = {
  readonly code: string;
  readonly message: string;
  /**
   * The error's resources and context by the node's detail names (`contractId`, `templateId`,
   * `interfaceId`, …): what Daml's runner reads the SubmitError's fields from.
   */
  readonly details?: Readonly<Record<string, string>>;
  readonly exception?: LfValue;
};

/** A package as Daml Script names it. */
export type ScriptPackageRef = { readonly name: string; readonly version: string };

/** What a script sees of a committed transaction: its events, as the ledger's nodes. */
export type ScriptTransaction = {
  readonly rootNodeIds: readonly number[];
  readonly nodes: readonly ScriptNode[];
};

export type ScriptNode =
  | Pick<
      CreatedNode,
      'kind' | 'nodeId' | 'contractId' | 'templateId' | 'createArgument' | 'witnesses'
    >
  | Pick<
      ExercisedNode,
      | 'kind'
      | 'nodeId'
      | 'contractId'
      | 'templateId'
      | 'interfaceId'
      | 'choice'
      | 'choiceArgument'
      | 'witnesses'
      | 'childNodeIds'
      | 'exerciseResult'
    >;

export type SubmitOutcome =
  | { readonly ok: true; readonly transaction: ScriptTransaction }
  | { readonly ok: false; readonly failure: SubmitFailure };

export type ScriptUserRight =
  | { readonly kind: 'participantAdmin' }
  | { readonly kind: 'canActAs'; readonly party: string }
  | { readonly kind: 'canReadAs'; readonly party: string }
  | { readonly kind: 'canReadAsAnyParty' };

export type ScriptUser = { readonly userId: string; readonly primaryParty: string | null };

/**
 * The ledger a Daml Script runs against, as Daml's runner sees it (ScriptLedgerClient): in
 * memory for `pocketnet test`, the JSON Ledger API for `pocketnet script`. Submissions go
 * through the real engine either way.
 */
export type ScriptLedger = {
  allocateParty(hint: string): Promise<string>;
  listKnownParties(): Promise<readonly { party: string; isLocal: boolean }[]>;
  submit(submission: ScriptSubmission): Promise<SubmitOutcome>;
  /** Active contracts of the template (or implementing the interface) that a party sees. */
  query(parties: readonly string[], templateId: string): Promise<readonly ScriptContract[]>;
  /** Interface views of the contracts a party sees; null where the view failed. */
  queryInterface(
    parties: readonly string[],
    interfaceId: string,
  ): Promise<readonly { contractId: string; view: Value | null }[]>;
  /** The ledger's time, in microseconds since the epoch. */
  getTime(): Promise<bigint>;
  setTime(micros: bigint): Promise<void>;
  /** `sleep`: in static time the ledger's clock moves on by the duration; else a real wait. */
  sleep(micros: bigint): Promise<void>;
  /** The packages the participant knows (`all`) or vets (`vetted`). */
  listPackages(which: 'all' | 'vetted'): Promise<readonly ScriptPackageRef[]>;
  updateVetting(operation: 'vet' | 'unvet', packages: readonly ScriptPackageRef[]): Promise<void>;
  createUser(user: ScriptUser, rights: readonly ScriptUserRight[]): Promise<'ok' | 'exists'>;
  getUser(userId: string): Promise<ScriptUser | null>;
  listUsers(): Promise<readonly ScriptUser[]>;
  deleteUser(userId: string): Promise<boolean>;
  grantUserRights(
    userId: string,
    rights: readonly ScriptUserRight[],
  ): Promise<readonly ScriptUserRight[] | null>;
  revokeUserRights(
    userId: string,
    rights: readonly ScriptUserRight[],
  ): Promise<readonly ScriptUserRight[] | null>;
  listUserRights(userId: string): Promise<readonly ScriptUserRight[] | null>;
};
