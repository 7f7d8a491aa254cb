import {
  readGraphQLSubscriptionsConfig,
  runGraphQLSubscriptions,
} from './graphql-subscriptions.bench.ts';
import { renderTable } from './report-table.ts';

// `node --expose-gc --conditions=development bench/src/graphql-subscriptions.main.ts [--long]
// [--sustainable]`: the issue's 500 events/s, or the rate the bare ws side keeps up with.

const config = readGraphQLSubscriptionsConfig();
const result = await runGraphQLSubscriptions(config);
console.log(renderTable(result.lines));
console.log(`\n${result.notes.join('\n')}`);
