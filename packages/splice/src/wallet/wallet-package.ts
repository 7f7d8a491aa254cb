import type { Package } from '@pocketnet/ledger';
import { definePackage } from '@pocketnet/ledger';
import { acceptedTransferOffer } from './accepted-transfer-offer.ts';
import { buyTrafficRequest } from './buy-traffic-request.ts';
import { mintingDelegation, mintingDelegationProposal } from './minting-delegation.ts';
import { transferOffer } from './transfer-offer.ts';
import { transferPreapprovalProposal } from './transfer-preapproval-proposal.ts';
import { validatorTopUpState } from './validator-top-up-state.ts';
import { walletAppInstall } from './wallet-app-install.ts';
import { walletPackageName } from './wallet-references.ts';

/** `splice-wallet`: the end-user wallet templates a validator's wallet backend drives. */
export const spliceWalletPackage: Package = definePackage({
  name: walletPackageName,
  version: '0.1.21',
  templates: [
    walletAppInstall,
    transferOffer,
    acceptedTransferOffer,
    buyTrafficRequest,
    transferPreapprovalProposal,
    mintingDelegation,
    mintingDelegationProposal,
    validatorTopUpState,
  ],
});
