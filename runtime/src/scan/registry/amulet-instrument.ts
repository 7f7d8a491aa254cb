import { formatNumeric } from '@pocketnet/ledger';
import type { AmuletSupply } from './amulet-supply.projection.ts';

// Amulet as the token-standard metadata API describes it: the registry's one instrument.

/** The token-standard APIs amulet supports, each at minor version 1, as Splice's Scan reports. */
export const amuletSupportedApis: Readonly<Record<string, number>> = {
  'splice-api-token-metadata-v1': 1,
  'splice-api-token-holding-v1': 1,
  'splice-api-token-transfer-instruction-v1': 1,
  'splice-api-token-allocation-v1': 1,
  'splice-api-token-allocation-instruction-v1': 1,
};

/** The registry-wide APIs: Scan lists only the metadata API there. */
export const registrySupportedApis: Readonly<Record<string, number>> = {
  'splice-api-token-metadata-v1': 1,
};

/** The names Splice's instance configuration gives amulet on the Canton Network. */
export const amuletNames = { name: 'Canton Coin', symbol: 'CC' } as const;

export const amuletInstrumentId = 'Amulet';

export type Instrument = {
  readonly id: string;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  readonly totalSupply: string | null;
  readonly totalSupplyAsOf: string | null;
  readonly supportedApis: Readonly<Record<string, number>>;
};

export function amuletInstrument(supply: AmuletSupply | null): Instrument {
  return {
    id: amuletInstrumentId,
    ...amuletNames,
    decimals: 10,
    totalSupply: supply === null ? null : formatNumeric(supply.amount),
    totalSupplyAsOf: supply?.asOf ?? null,
    supportedApis: amuletSupportedApis,
  };
}
