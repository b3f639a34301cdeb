/** modules/shared public surface: db, env, mail, jobs port, rate limits, logging, errors, storage. */
export { init, shutdown } from './init.server';
export { loadEnv, parseEnv, resetEnvCache, type Env } from './env.server';
export { connectDb, getDb, closeDb, dbKind, migrateToLatestOrThrow, type Database } from './db/index.server';
export { sendEmail, deliverCommunication, resetMailTransport, emailLayout, escapeHtml, type EmailMessage, type DeliveryResult } from './mail.server';
export { newestCommunicationTo } from './communications.server';
export { enqueue, registerJobs, getJob, processJob, startSchedules, drainInProcessJobs, closeQueue, QUEUE_NAME, queuePrefix, type JobDefinition } from './queue.server';
export { getRedis, closeRedis } from './redis.server';
export { rateLimiter, tryConsume, pruneRateLimits, type Limiter } from './rate-limit.server';
export { logger } from './logger.server';
export { DomainError, isDomainError, GENERIC_ERROR, type ErrorCode } from './errors';
export { putBlob, putUploadedBlob, readBlob, blobUrl, isBlobId, type StoredBlob } from './storage.server';
export { formatShortDate, MINUTE, HOUR, DAY, WEEK, MONTH } from './clock';
