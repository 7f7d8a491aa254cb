import type { TemplateId, Typed } from '@pocketnet/ledger';
import { t } from '@pocketnet/ledger';
import type { RelTime } from '../wallet-payments/daml-support.ts';
import { relTimeOf } from '../wallet-payments/daml-support.ts';

export const ansPackageName = 'splice-amulet-name-service';

export function ansTemplateId(entity: string): TemplateId {
  return { packageName: ansPackageName, module: 'Splice.Ans', entity };
}

export const ansReferences = {
  ansRules: `#${ansPackageName}:Splice.Ans:AnsRules`,
  ansEntryContext: `#${ansPackageName}:Splice.Ans:AnsEntryContext`,
  ansEntry: `#${ansPackageName}:Splice.Ans:AnsEntry`,
} as const;

export type AnsRulesConfig = {
  readonly renewalDuration: RelTime;
  readonly entryLifetime: RelTime;
  readonly entryFee: string;
  readonly descriptionPrefix: string;
};

export const ansRulesConfigType: Typed<AnsRulesConfig> = t.record(
  {
    renewalDuration: t.relTime(),
    entryLifetime: t.relTime(),
    entryFee: t.numeric(10),
    descriptionPrefix: t.text(),
  },
  'Splice.Ans:AnsRulesConfig',
);

const dayMicros = 86_400_000_000n;

/** Splice's defaults (`SpliceUtil.defaultAnsConfig`): 1 USD per 90 days, renewable in the last 30. */
export const defaultAnsRulesConfig: AnsRulesConfig = {
  renewalDuration: relTimeOf(30n * dayMicros),
  entryLifetime: relTimeOf(90n * dayMicros),
  entryFee: '1.0000000000',
  descriptionPrefix: 'ANS entry: ',
};

/** The name service's own limits (its external API): url at most 255, description 140. */
const maxUrlLength = 255;
const maxDescriptionLength = 140;
const namePattern = /^[a-z0-9_-]{1,60}\.unverified\.([a-z]+)$/;

/**
 * Why an entry request is invalid, or null. Names end in `.unverified.<acronym>`, the ANS
 * acronym the DSO chose (any lowercase acronym when none is given).
 */
export function ansEntryProblem(
  entry: { readonly name: string; readonly url: string; readonly description: string },
  acronym: string | null = null,
): string | null {
  const match = namePattern.exec(entry.name);
  if (match === null || (acronym !== null && match[1] !== acronym)) {
    return `Entry name ${JSON.stringify(entry.name)} must end with .unverified.${acronym ?? '<acronym>'}`;
  }
  if ([...entry.url].length > maxUrlLength) return 'Entry url is longer than 255 characters';
  if (entry.url !== '' && !/^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(entry.url)) {
    return `Entry url ${JSON.stringify(entry.url)} is not a valid http or https URL`;
  }
  if ([...entry.description].length > maxDescriptionLength) {
    return 'Entry description is longer than 140 characters';
  }
  return null;
}
