import { maxPageSize } from './invalid-input.ts';

// Apart from the rule that enforces them, so that a start reads the limits without loading graphql.
export type QueryLimits = {
  /** Nesting of fields below the operation (a root field is at depth 1). */
  readonly maxDepth: number;
  /** Fields the result may hold at most: each field counts once per item of the lists above it. */
  readonly maxCost: number;
  /** How many items a list counts for when no `pageSize` argument bounds it. */
  readonly assumedListSize: number;
  /** What a `pageSize` given by a variable counts for (its value is not known yet). */
  readonly maxPageSize: number;
  /**
   * Root fields of one mutation: each may commit a transaction, and they run one after the
   * other, so one request would otherwise hold the writer for as many commits as it lists.
   */
  readonly maxMutationFields: number;
};

export const defaultQueryLimits: QueryLimits = {
  maxDepth: 12,
  maxCost: 50_000,
  assumedListSize: 10,
  maxPageSize,
  maxMutationFields: 10,
};
