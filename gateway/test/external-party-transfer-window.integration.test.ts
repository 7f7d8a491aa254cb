import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createExternalKey,
  type ExternalKey,
  executeRequest,
  onboardExternalParty,
  post,
  prepare,
} from './external-fixtures.ts';
import { expectCantonError } from './ledger-calls.ts';
import { exercise, json } from './ledger-fixtures.ts';
import {
  activeContracts,
  interfaceFilter,
  latestOpenRound,
  roundsOf,
  type SpliceNode,
  spliceIds,
  startSpliceNode,
} from './splice-fixtures.ts';
import { registryContext } from './splice-registry.ts';
import { signTransactionHash } from './wallet-sdk-offline.ts';

// An external party's one-step transfer into a preapproval with TransferPreapproval_SendV2 reads
// no mining round, only an ExternalPartyConfigState (the registry names the current one): once
// signed it stays good for about 24 hours while rounds move on.

type Signer = { party: string; key: ExternalKey; fingerprint: string };

let net: SpliceNode;
let alice: Signer;
let bob: Signer;
const hour = 3600;
const hex = (base64: string) => Buffer.from(base64, 'base64').toString('hex');

async function external(hint: string): Promise<Signer> {
  const key = createExternalKey();
  const topology = await onboardExternalParty(net.node, hint, key);
  return { party: topology.partyId, key, fingerprint: topology.publicKeyFingerprint };
}

const validator = async (path: string, body?: unknown) =>
  json<Record<string, string>>(
    await net.node.call(`/api/validator/v0/admin/external-party${path}`, {
      user: net.operatorUser,
      ...(body === undefined ? {} : { body }),
    }),
  );

/** Bob accepts the validator's setup proposal: his TransferPreapproval. */
async function preapprovalFor(signer: Signer): Promise<void> {
  const { contract_id } = await validator('/setup-proposal', { user_party_id: signer.party });
  const prepared = await validator('/setup-proposal/prepare-accept', {
    contract_id,
    user_party_id: signer.party,
  });
  await validator('/setup-proposal/submit-accept', {
    submission: {
      party_id: signer.party,
      transaction: prepared.transaction,
      signed_tx_hash: hex(
        signTransactionHash(
          Buffer.from(String(prepared.tx_hash), 'hex').toString('base64'),
          signer.key.privateKey,
        ),
      ),
      public_key: hex(signer.key.publicKey),
    },
  });
}

const executeAndWait = (prepared: Awaited<ReturnType<typeof prepare>>, signer: Signer) =>
  post(net.node, '/v2/interactive-submission/executeAndWait', executeRequest(prepared, signer));

async function tap(signer: Signer, amount: string): Promise<void> {
  const context = await registryContext(net);
  const rules = String(context.choiceContext.values['amulet-rules']?.value);
  const openRound = context.choiceContext.values['open-round']?.value;
  const prepared = await prepare(net.node, {
    commands: [
      exercise(spliceIds.amuletRules, rules, 'AmuletRules_DevNet_Tap', {
        receiver: signer.party,
        amount,
        openRound,
      }),
    ],
    commandId: `tap-${signer.party.slice(0, 8)}-${amount}`,
    actAs: [signer.party],
    disclosedContracts: context.disclosed,
  });
  expect((await executeAndWait(prepared, signer)).status).toBe(200);
}

const holdings = async (party: string) =>
  (
    await activeContracts(net, {
      user: 'participant_admin',
      party,
      filter: interfaceFilter(spliceIds.holding),
    })
  ).map((event) => String(event.interfaceViews[0]?.viewValue.amount));

type ContextValue = { tag: string; value: string };

/** A transfer of `amount` from alice to bob through his preapproval, priced by the config state. */
async function prepareTransfer(amount: string, commandId: string) {
  const now = (await json<{ now_micros: string }>(await net.node.call('/api/devnet/v0/time')))
    .now_micros;
  const at = (offsetHours: number) =>
    new Date(Number(BigInt(now) / 1000n) + offsetHours * hour * 1000).toISOString();
  const events = await activeContracts(net, {
    user: 'participant_admin',
    party: alice.party,
    filter: interfaceFilter(spliceIds.holding),
  });
  const transfer = {
    sender: alice.party,
    receiver: bob.party,
    amount,
    instrumentId: { admin: net.dso, id: 'Amulet' },
    requestedAt: at(-1 / 60),
    executeBefore: at(48),
    inputHoldingCids: events.map((event) => event.contractId),
    meta: { values: {} },
  };
  const choiceArguments = {
    expectedAdmin: net.dso,
    transfer,
    extraArgs: { context: { values: {} }, meta: { values: {} } },
  };
  const factory = await json<{
    transferKind: string;
    choiceContext: {
      choiceContextData: { values: Record<string, ContextValue> };
      disclosedContracts: unknown[];
    };
  }>(
    await net.node.call('/api/scan/registry/transfer-instruction/v1/transfer-factory', {
      body: { choiceArguments },
    }),
  );
  expect(factory.transferKind).toBe('direct');
  const context = factory.choiceContext.choiceContextData.values;
  const preapproval = String(context['transfer-preapproval']?.value);
  return prepare(net.node, {
    commands: [
      exercise(spliceIds.transferPreapproval, preapproval, 'TransferPreapproval_SendV2', {
        context: {
          externalPartyConfigState: context['external-party-config-state']?.value,
          featuredAppRight: context['featured-app-right']?.value ?? null,
        },
        inputs: transfer.inputHoldingCids.map((cid) => ({ tag: 'InputAmulet', value: cid })),
        amount,
        sender: alice.party,
        description: 'paid while the rounds moved on',
        // No `meta`: a newer Splice's optional field, which splice-amulet 0.1.20 refuses.
      }),
    ],
    commandId,
    actAs: [alice.party],
    disclosedContracts: factory.choiceContext.disclosedContracts,
  });
}

const advance = (seconds: number) =>
  net.node.call('/api/devnet/v0/time/advance', { body: { seconds } }).then(json);

beforeAll(async () => {
  net = await startSpliceNode();
  alice = await external('alice');
  bob = await external('bob');
  await preapprovalFor(bob);
  await tap(alice, '1000.0');
}, 120_000);
afterAll(() => net.node.close());

describe('a prepared transfer into a preapproval', () => {
  it('still commits 20 hours after it was prepared, rounds having moved on', async () => {
    const prepared = await prepareTransfer('100.0', 'transfer-20h');
    const roundThen = await latestOpenRound(net);
    await advance(20 * hour);
    const openNow = (await roundsOf(net, spliceIds.openMiningRound)).map(
      (round) => round.contractId,
    );
    expect(openNow).not.toContain(roundThen.contractId);
    const answer = await executeAndWait(prepared, alice);
    expect(answer.status, answer.text).toBe(200);
    expect(await holdings(bob.party)).toEqual(['100.0000000000']);
  }, 120_000);

  it('is refused once more than 24 hours have passed since it was prepared', async () => {
    const prepared = await prepareTransfer('50.0', 'transfer-25h');
    await advance(25 * hour);
    const path = '/v2/interactive-submission/executeAndWait';
    const answer = await executeAndWait(prepared, alice);
    expectCantonError(answer, {
      status: 400,
      code: 'LOCAL_VERDICT_PREPARATION_TIME_OUT_OF_BOUND',
      method: 'post',
      path,
    });
    expect(await holdings(bob.party)).toEqual(['100.0000000000']);
  }, 120_000);
});
