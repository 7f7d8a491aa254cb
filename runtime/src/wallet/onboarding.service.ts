import {
  DomainError,
  type LedgerEngine,
  participantNamespace,
  planAllocateParty,
  planCreateUser,
  planDeleteUser,
  planGrantUserRights,
  planUpdateUser,
} from '@pocketnet/ledger';
import { partyHintOfUser } from '../devnet/devnet-parties.ts';
import type { Caller } from '../services/caller.ts';
import {
  amuletTemplates,
  mergeDelegationTemplates,
  walletInstall,
  walletInstallChoices,
} from '../vocabulary/splice-templates.ts';
import { createOf, payloadOf } from '../vocabulary/typed-commands.ts';
import type { NetworkContext } from './network-context.ts';
import type { WalletAccess } from './wallet-access.ts';
import type { WalletContracts } from './wallet-contracts.projection.ts';
import { exercise, type WalletSubmit } from './wallet-submitter.ts';
import { walletReference } from './wallet-templates.ts';

export type OnboardRequest = {
  readonly name: string;
  readonly partyId?: string | undefined;
  readonly createPartyIfMissing?: boolean | undefined;
};

const invalid = (message: string) => new DomainError('INVALID_ARGUMENT', message);

/**
 * Onboarding and offboarding of wallet users, as Splice's validator does it, each step a
 * ledger fact in this order: the user (an admin record), its party (a topology record that
 * grants the user act-as), one transaction creating the WalletAppInstall and the
 * ValidatorRight, then the user's MergeDelegationProposal. Steps already done are skipped,
 * so onboarding again (or after a crash half-way) finishes what is missing.
 */
export function createOnboarding(deps: {
  readonly engine: LedgerEngine;
  readonly contracts: WalletContracts;
  readonly network: NetworkContext;
  readonly access: WalletAccess;
  readonly submit: WalletSubmit;
}) {
  const { engine, contracts, network, access, submit } = deps;
  const participant = engine.participant;

  async function ensureUser(name: string): Promise<void> {
    if (participant.users.has(name)) return;
    await engine.commitAdmin(planCreateUser({ user: { id: name }, rights: [] }));
  }

  /** The party the user gets: the one asked for, an existing one, or a new one. */
  async function ensureParty(request: OnboardRequest): Promise<string> {
    const namespace = participantNamespace(participant.participantId);
    const wanted = request.partyId ?? `${partyHintOfUser(request.name)}::${namespace}`;
    if (participant.parties.get(wanted)?.isLocal === true) return wanted;
    if (request.partyId !== undefined && request.createPartyIfMissing !== true) {
      throw invalid(`The party ${request.partyId} does not exist on this participant`);
    }
    const [hint = '', partyNamespace] = wanted.split('::');
    if (partyNamespace !== namespace) {
      throw invalid(`The party ${wanted} cannot be allocated here: its namespace is not ours`);
    }
    const plan = planAllocateParty(
      { partyIdHint: hint, userId: request.name },
      { synchronizerId: network.synchronizerId() },
    );
    const record = await engine.commitTopology(plan);
    return record.parties[0] ?? wanted;
  }

  /** A user that exists already with a party of ours as its primary party keeps it. */
  function primaryPartyOf(request: OnboardRequest): string | undefined {
    if (request.partyId !== undefined) return undefined;
    const primary = participant.users.get(request.name)?.primaryParty ?? '';
    return participant.parties.get(primary)?.isLocal === true ? primary : undefined;
  }

  async function grantParty(name: string, party: string): Promise<void> {
    const user = participant.users.get(name);
    if (user?.primaryParty !== party) {
      await engine.commitAdmin(
        planUpdateUser({
          user: { id: name, primaryParty: party },
          updateMask: { paths: ['primary_party'] },
        }),
      );
    }
    const held = participant.users.get(name)?.rights ?? [];
    const rights = (['CanActAs', 'CanReadAs'] as const)
      .filter((kind) => !held.some((right) => right.kind === kind && right.party === party))
      .map((kind) => ({ kind, party }));
    if (rights.length > 0) await engine.commitAdmin(planGrantUserRights({ userId: name, rights }));
  }

  async function ensureInstall(name: string, party: string): Promise<void> {
    if (access.installOf(name)) return;
    const dso = network.dso();
    const operator = network.operator();
    await submit({
      actAs: [party, operator],
      commands: [
        createOf(walletInstall.WalletAppInstall, {
          dsoParty: dso,
          validatorParty: operator,
          endUserName: name,
          endUserParty: party,
        }),
        createOf(amuletTemplates.ValidatorRight, { dso, user: party, validator: operator }),
      ],
    });
  }

  async function ensureMergeDelegationProposal(party: string): Promise<void> {
    const operator = network.operator();
    const isDelegation = (value: { readonly operator: string; readonly owner: string }) =>
      value.operator === operator && value.owner === party;
    const { MergeDelegation, MergeDelegationProposal } = mergeDelegationTemplates;
    const delegated =
      contracts
        .of(party, 'mergeDelegation')
        .some((found) => isDelegation(payloadOf(MergeDelegation, found.node.createArgument))) ||
      contracts
        .of(party, 'mergeDelegationProposal')
        .some((found) =>
          isDelegation(payloadOf(MergeDelegationProposal, found.node.createArgument).delegation),
        );
    if (delegated) return;
    await submit({
      actAs: [party],
      commands: [
        createOf(mergeDelegationTemplates.MergeDelegationProposal, {
          delegation: { operator, owner: party, meta: { values: {} } },
        }),
      ],
    });
  }

  async function onboard(request: OnboardRequest): Promise<string> {
    const existing = access.lookupWallet(request.name);
    if (existing && request.partyId !== undefined && request.partyId !== existing.party) {
      throw invalid(`The user ${request.name} is onboarded with the party ${existing.party}`);
    }
    await ensureUser(request.name);
    const party = existing?.party ?? primaryPartyOf(request) ?? (await ensureParty(request));
    await grantParty(request.name, party);
    await ensureInstall(request.name, party);
    // The validator operator's own wallet exists from genesis and merges its own holdings.
    if (party !== network.operator()) await ensureMergeDelegationProposal(party);
    return party;
  }

  const service = {
    /** `POST /v0/admin/users`: onboards any user, for the validator operator. */
    async onboardUser(caller: Caller, request: OnboardRequest): Promise<string> {
      access.requireAdmin(caller);
      if (request.name.trim() === '') throw invalid('The user name must not be empty');
      return onboard(request);
    },
    /** `POST /v0/register`: the caller onboards itself. */
    register: (caller: Caller): Promise<string> => onboard({ name: access.userNameOf(caller) }),
    /** `GET /v0/admin/users`: the onboarded users' names, sorted. */
    listUsers(caller: Caller): string[] {
      access.requireAdmin(caller);
      return contracts
        .userNames()
        .filter((name) => access.installOf(name) !== undefined)
        .sort();
    },
    /** `POST /v0/admin/users/offboard`: archives the user's wallet and deletes the user. */
    async offboardUser(caller: Caller, name: string): Promise<void> {
      access.requireAdmin(caller);
      const wallet = access.lookupWallet(name);
      if (!wallet) throw new DomainError('USER_NOT_FOUND', `The user ${name} is not onboarded`);
      const operator = network.operator();
      if (wallet.party === operator) throw invalid('The validator operator cannot be offboarded');
      const rights = contracts
        .of(wallet.party, 'validatorRight')
        .filter(
          (right) =>
            payloadOf(amuletTemplates.ValidatorRight, right.node.createArgument).user ===
            wallet.party,
        );
      await submit({
        actAs: [wallet.party, operator],
        commands: [wallet.install, ...rights].map((contract) =>
          exercise(
            walletReference(contract.kind),
            contract.node.contractId,
            walletInstallChoices.Archive.name,
            {},
          ),
        ),
      });
      if (participant.users.has(name)) await engine.commitAdmin(planDeleteUser({ userId: name }));
    },
  };
  return service satisfies Onboarding;
}

export interface Onboarding {
  /** `POST /v0/admin/users`: onboards any user, for the validator operator. */
  onboardUser(caller: Caller, request: OnboardRequest): Promise<string>;
  /** `POST /v0/register`: the caller onboards itself. */
  register: (caller: Caller) => Promise<string>;
  /** `GET /v0/admin/users`: the onboarded users' names, sorted. */
  listUsers(caller: Caller): string[];
  /** `POST /v0/admin/users/offboard`: archives the user's wallet and deletes the user. */
  offboardUser(caller: Caller, name: string): Promise<void>;
}
