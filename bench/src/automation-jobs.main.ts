import { runAutomationJobs } from './automation-jobs.bench.ts';
import { renderTable } from './report-table.ts';

// `node --conditions=development bench/src/automation-jobs.main.ts` (Redis on REDIS_URL).
const result = await runAutomationJobs();
console.log(renderTable(result.lines));
console.log(`\n${result.notes.join('\n')}`);
process.exit(0);
