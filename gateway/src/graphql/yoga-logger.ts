import { isDomainError } from '@pocketnet/ledger';
import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';

const isExpected = (value: unknown): boolean =>
  isDomainError(value) ||
  (value instanceof GraphQLError && value.originalError != null && isExpected(value.originalError));

/**
 * yoga's logger on the gateway's pino. yoga logs every error it masks; a DomainError is an
 * answer, not a failure, so it goes to `info`, and only bugs reach `error`.
 */
export function createYogaLogger(logger: Logger) {
  const log =
    (level: 'debug' | 'info' | 'warn') =>
    (...args: unknown[]) =>
      logger[level]({ args }, 'graphql');
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: (...args: unknown[]) => {
      const [first] = args;
      if (isExpected(first)) logger.info({ err: first }, 'graphql request refused');
      else logger.error({ err: first }, 'graphql request failed');
    },
  };
}
