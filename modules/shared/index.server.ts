/** modules/shared public surface: db, env, mail, jobs port, rate limits, logging, errors, storage. */
export { init, shutdown } from './init.server';
export { loadEnv, parseEnv, resetEnvCache, type Env } from './env.server';
export { connectDb, getDb, closeDb, dbKind, migrateToLatestOrThrow, onQuery, type Database, type Db } from './db/index.server';
export {
  sendEmail,
  deliverCommunication,
  resetMailTransport,
  emailLayout,
  escapeHtml,
  LINK_REMOVED,
  RECIPIENT_NAME,
  registerOneTimeLink,
  hasOneTimeLink,
  readDevOutbox,
  type OneTimeLinkMinter,
  type EmailMessage,
  type DeliveryResult,
} from './mail.server';
export { newestCommunicationTo, newestDeliveredEmailTo, retryUndeliveredCommunications, MAX_DELIVERY_ATTEMPTS } from './communications.server';
export {
  enqueue,
  schedule,
  cancel,
  defineJob,
  getJobProgress,
  registerJobs,
  getJob,
  getQueue,
  processJob,
  runScheduledJob,
  scheduledIdOf,
  sweepScheduledJobs,
  nextCronRun,
  startSchedules,
  drainInProcessJobs,
  closeQueue,
  queuePrefix,
  QUEUES,
  QUEUE_NAMES,
  type QueueName,
  type JobName,
  type JobPayloads,
  type JobContext,
  type JobProgress,
  type JobState,
  type JobDefinition,
  type EnqueueOptions,
} from './queue.server';
export { getRedis, getWorkerRedis, usableRedis, closeRedis } from './redis.server';
export { rateLimiter, tryConsume, pruneRateLimits, resetRateLimiters, type Limiter } from './rate-limit.server';
export { logger } from './logger.server';
export { announce, onEvent, listenersOf, type DomainEvents, type EventName, type FactOf, type AnswerOf, type Listener } from './events.server';
export { defineList, listFilter, LIST_SEARCH_MAX, type ListDefinition, type ListPage, type ListQuery, type ListSpec, type SortDir } from './list-query.server';
export { DomainError, isDomainError, GENERIC_ERROR, type ErrorCode } from './errors';
export { putBlob, putUploadedBlob, readBlob, blobUrl, isBlobId, type StoredBlob } from './storage.server';
export { formatShortDate, MINUTE, HOUR, DAY, WEEK, MONTH } from './clock';
