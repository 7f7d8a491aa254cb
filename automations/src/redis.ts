// Scale-out (issue 12): BullMQ queues and the journal in a Redis Stream, the roles meeting in
// Redis. A subpath of its own, so that a node started without REDIS_URL never loads BullMQ or
// ioredis (a quarter of what a start would otherwise load).
export { createBullmqRunner } from './queue/bullmq-runner.ts';
export type { RedisJournal } from './redis/redis-journal.ts';
export { openRedisJournal } from './redis/redis-journal.ts';
export { restartedJobs } from './roles/job-restarts.ts';
export type { RedisReplica } from './roles/redis-replica.ts';
export { createRedisReplica } from './roles/redis-replica.ts';
export { createRedisWriterLedger, serveAsWriter } from './roles/redis-writer.ts';
export {
  startAutomationWorkers,
  startWriterAutomations,
  workerQueues,
} from './roles/role-automations.ts';
export type { WriterLife } from './roles/writer-lives.ts';
export { runWriterLives, waitForRedis } from './roles/writer-lives.ts';
export { writerQueue } from './roles/writer-queue.ts';
