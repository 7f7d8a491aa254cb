/**
 * The Splice packages a devnet on Splice's own DARs uploads at genesis (issue 21): the newest
 * version of each found is taken.
 */
export const requiredSplicePackages = [
  'splice-util',
  'splice-amulet',
  'splice-dso-governance',
  'splice-wallet',
  'splice-wallet-payments',
  'splice-amulet-name-service',
  'splice-validator-lifecycle',
  'splice-api-featured-app-v1',
  'splice-api-token-metadata-v1',
  'splice-api-token-holding-v1',
  'splice-api-token-transfer-instruction-v1',
  'splice-api-token-allocation-v1',
  'splice-api-token-allocation-request-v1',
  'splice-api-token-allocation-instruction-v1',
] as const;

/**
 * The package ids of the releases we know (Splice's `daml/dars.lock` at that release): a
 * package of such a release with another id is a mismatch, not Splice's package.
 */
export const knownReleasePackageIds: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '0.6.11': {
    'splice-util-0.1.6': '62a6fc80fc8ca84dd5f6b33c71f53dd35a02bc01784b8cbc7cbd283eb23863c0',
    'splice-amulet-0.1.20': '23f47481dab6b1ec01339d6e14494d85bb2844c25f45b26fc5c9ef4cd4942d1f',
    'splice-dso-governance-0.1.26':
      '45099e955ce443f7895125097a62c509b9ad297091c91d6377ffe94f183c0e3e',
    'splice-wallet-0.1.21': 'f799a58fa53dfe48bae52bd5dbcc2b578a7d4dfee3ae3f4eb7635fe9a8cc67d3',
    'splice-wallet-payments-0.1.20':
      '340afccb702179069fc81044890c435c5c8565df061b2efbfccf618c33a04e37',
    'splice-amulet-name-service-0.1.21':
      'b342bbbd425902283c20eb5011eeab90cc9f69b4c534b8b757fd51b8ca7be589',
    'splice-validator-lifecycle-0.1.7':
      '9018d59e7759bfe37f242241b332930d32a57dc3e029525a441dde3d1e7720b0',
    'splice-api-featured-app-v1-1.0.0':
      '7804375fe5e4c6d5afe067bd314c42fe0b7d005a1300019c73154dd939da4dda',
    'splice-api-token-metadata-v1-1.0.0':
      '4ded6b668cb3b64f7a88a30874cd41c75829f5e064b3fbbadf41ec7e8363354f',
    'splice-api-token-holding-v1-1.0.0':
      '718a0f77e505a8de22f188bd4c87fe74101274e9d4cb1bfac7d09aec7158d35b',
    'splice-api-token-transfer-instruction-v1-1.0.0':
      '55ba4deb0ad4662c4168b39859738a0e91388d252286480c7331b3f71a517281',
    'splice-api-token-allocation-v1-1.0.0':
      '93c942ae2b4c2ba674fb152fe38473c507bda4e82b4e4c5da55a552a9d8cce1d',
    'splice-api-token-allocation-request-v1-1.0.0':
      '6fe848530b2404017c4a12874c956ad7d5c8a419ee9b040f96b5c13172d2e193',
    'splice-api-token-allocation-instruction-v1-1.0.0':
      '275064aacfe99cea72ee0c80563936129563776f67415ef9f13e4297eecbc520',
  },
};
