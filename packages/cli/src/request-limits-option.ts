import { defaultRequestLimits, type RequestLimits } from '@pocketnet/gateway';
import { StartOptionError } from './start-option-error.ts';
import { parseByteSize } from './stream-limits-option.ts';

type Given = { readonly text: string; readonly flag: string; readonly env: string | null };

/** The flag's value, else the environment's (set but empty counts as unset), else none. */
function given(
  flag: string,
  value: string | undefined,
  env: string,
  environment: NodeJS.ProcessEnv,
) {
  if (value !== undefined) return { text: value, flag, env: null };
  const fromEnv = environment[env];
  return fromEnv ? { text: fromEnv, flag, env } : null;
}

const refusal = ({ text, flag, env }: Given, why: string) =>
  new StartOptionError(`invalid ${flag} ${text}${env ? ` (from ${env})` : ''}: ${why}`);

function uploadBytesOf(value: Given | null): number {
  if (value === null) return defaultRequestLimits.maxUploadBytes;
  const bytes = parseByteSize(value.text);
  if (bytes === null || bytes === 0) {
    throw refusal(value, 'use a number of bytes, e.g. 10MiB, 64MiB or 1GiB');
  }
  return bytes;
}

function mutationFieldsOf(value: Given | null): number {
  if (value === null) return defaultRequestLimits.maxMutationFields;
  const count = Number(value.text);
  if (!/^\d+$/.test(value.text.trim()) || count < 1 || !Number.isSafeInteger(count)) {
    throw refusal(value, 'use a whole number of at least 1');
  }
  return count;
}

/**
 * `--max-upload-size` (POCKETNET_MAX_UPLOAD_SIZE): the largest package upload read, 10 MiB by
 * default (Canton's max inbound message size); `--graphql-max-mutation-fields`
 * (POCKETNET_GRAPHQL_MAX_MUTATION_FIELDS): root fields of one GraphQL mutation, 10 by default.
 */
export function requestLimitsOption(
  values: {
    readonly 'max-upload-size'?: string | undefined;
    readonly 'graphql-max-mutation-fields'?: string | undefined;
  },
  environment: NodeJS.ProcessEnv,
): RequestLimits {
  return {
    maxUploadBytes: uploadBytesOf(
      given(
        '--max-upload-size',
        values['max-upload-size'],
        'POCKETNET_MAX_UPLOAD_SIZE',
        environment,
      ),
    ),
    maxMutationFields: mutationFieldsOf(
      given(
        '--graphql-max-mutation-fields',
        values['graphql-max-mutation-fields'],
        'POCKETNET_GRAPHQL_MAX_MUTATION_FIELDS',
        environment,
      ),
    ),
  };
}
