export { createAutomationView } from './automation-view.ts';
export type { AutomationConfig } from './config/automation-config.schema.ts';
export { partiesOfConfig } from './config/config-parties.ts';
export {
  AutomationConfigError,
  loadAutomationConfig,
  parseAutomationConfig,
} from './config/load-automation-config.ts';
export { createJobRunner } from './create-job-runner.ts';
export { defineProcessor } from './processors/define-processor.ts';
export { createInProcessRunner } from './queue/in-process-runner.ts';
export type { JobEvent, JobRunner } from './queue/job-types.ts';
export { dropRedisPrefix } from './redis/drop-redis-prefix.ts';
export { assertRedisDurable, RedisNotDurableError } from './redis/redis-durability-check.ts';
export { assertRedisKeepsKeys, RedisEvictsKeysError } from './redis/redis-eviction-check.ts';
export { redisJournalKeys } from './redis/redis-journal-keys.ts';
// Scale-out (issue 12): the journal in a Redis Stream, the roles meeting in Redis.
export type { WriterAnnouncement } from './redis/writer-announcement.ts';
export { awaitWriter } from './redis/writer-announcement.ts';
export type { ScaleOutSettings } from './roles/scale-out-settings.ts';
export { ScaleOutSettingsError, scaleOutSettings } from './roles/scale-out-settings.ts';
export type { Automations } from './start-automations.ts';
export { startAutomations } from './start-automations.ts';
export { queueNames } from './triggers/job-trigger.ts';
