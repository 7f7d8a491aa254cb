import type { ExternalPartyService } from '@pocketnet/runtime';
import { Router } from 'express';
import { callerOf } from '../../ledger-api/route-deps.ts';
import { partyQueryOf } from '../../scan/network/scan-params.ts';
import { renderContractWithState } from '../wallet-render.ts';
import {
  decimalTextOf,
  externalPartySubmissionSchema,
  generateTopologyRequestSchema,
  microsOfDateTime,
  prepareAcceptRequestSchema,
  prepareSendRequestSchema,
  setupProposalRequestSchema,
  submitTopologyRequestSchema,
} from './external-party-requests.schema.ts';

/** `/v0/admin/external-party/*` of the validator API: the validator operator's. */
export function externalPartyRoutes({
  walletExternal,
}: {
  readonly walletExternal: ExternalPartyService;
}): Router {
  const router = Router();
  const external = walletExternal;
  const base = '/v0/admin/external-party';

  router.post(`${base}/topology/generate`, (req, res) => {
    const body = generateTopologyRequestSchema.parse(req.body);
    const generated = external.generateTopology(callerOf(res), {
      partyHint: body.party_hint,
      publicKey: body.public_key,
    });
    res.json({
      party_id: generated.partyId,
      topology_txs: generated.topologyTxs.map((tx) => ({
        topology_tx: tx.topologyTx,
        hash: tx.hash,
      })),
    });
  });
  router.post(`${base}/topology/submit`, async (req, res) => {
    const body = submitTopologyRequestSchema.parse(req.body);
    const { partyId } = await external.submitTopology(callerOf(res), {
      publicKey: body.public_key,
      signedTopologyTxs: body.signed_topology_txs.map((tx) => ({
        topologyTx: tx.topology_tx,
        signedHash: tx.signed_hash,
      })),
    });
    res.json({ party_id: partyId });
  });
  router.post(`${base}/setup-proposal`, async (req, res) => {
    const body = setupProposalRequestSchema.parse(req.body);
    res.json({
      contract_id: await external.createSetupProposal(callerOf(res), body.user_party_id),
    });
  });
  router.get(`${base}/setup-proposal`, (_req, res) => {
    res.json({
      contracts: external.listSetupProposals(callerOf(res)).map(renderContractWithState),
    });
  });
  router.post(`${base}/setup-proposal/prepare-accept`, (req, res) => {
    const body = prepareAcceptRequestSchema.parse(req.body);
    const prepared = external.prepareAccept(callerOf(res), {
      contractId: body.contract_id,
      userPartyId: body.user_party_id,
      verboseHashing: body.verbose_hashing,
    });
    res.json({
      transaction: prepared.transaction,
      tx_hash: prepared.txHash,
      ...(prepared.hashingDetails === undefined
        ? {}
        : { hashing_details: prepared.hashingDetails }),
    });
  });
  router.post(`${base}/setup-proposal/submit-accept`, async (req, res) => {
    const { submission } = externalPartySubmissionSchema.parse(req.body);
    const accepted = await external.submitAccept(callerOf(res), {
      partyId: submission.party_id,
      transaction: submission.transaction,
      signedTxHash: submission.signed_tx_hash,
      publicKey: submission.public_key,
    });
    res.json({
      transfer_preapproval_contract_id: accepted.transferPreapprovalContractId,
      update_id: accepted.updateId,
    });
  });
  router.get(`${base}/balance`, (req, res) => {
    const party = partyQueryOf(req, 'party_id');
    const balance = external.balance(callerOf(res), party);
    res.json({
      party_id: balance.partyId,
      total_unlocked_coin: balance.totalUnlockedCoin,
      total_locked_coin: balance.totalLockedCoin,
      total_coin_holdings: balance.totalCoinHoldings,
      accumulated_holding_fees_unlocked: balance.accumulatedHoldingFeesUnlocked,
      accumulated_holding_fees_locked: balance.accumulatedHoldingFeesLocked,
      accumulated_holding_fees_total: balance.accumulatedHoldingFeesTotal,
      total_available_coin: balance.totalAvailableCoin,
      computed_as_of_round: Number(balance.computedAsOfRound),
    });
  });
  router.post(`${base}/transfer-preapproval/prepare-send`, (req, res) => {
    const body = prepareSendRequestSchema.parse(req.body);
    const prepared = external.prepareSend(callerOf(res), {
      senderPartyId: body.sender_party_id,
      receiverPartyId: body.receiver_party_id,
      amount: decimalTextOf(body.amount),
      expiresAtMicros: microsOfDateTime(body.expires_at),
      nonce: BigInt(body.nonce),
      verboseHashing: body.verbose_hashing,
    });
    res.json({
      transaction: prepared.transaction,
      tx_hash: prepared.txHash,
      transfer_command_contract_id_prefix: prepared.transferCommandContractIdPrefix,
      ...(prepared.hashingDetails === undefined
        ? {}
        : { hashing_details: prepared.hashingDetails }),
    });
  });
  router.post(`${base}/transfer-preapproval/submit-send`, async (req, res) => {
    const { submission } = externalPartySubmissionSchema.parse(req.body);
    const sent = await external.submitSend(callerOf(res), {
      partyId: submission.party_id,
      transaction: submission.transaction,
      signedTxHash: submission.signed_tx_hash,
      publicKey: submission.public_key,
    });
    res.json({ update_id: sent.updateId });
  });
  return router;
}
