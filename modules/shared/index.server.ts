/**
 * modules/shared public surface: db, env, mail, jobs port, rate limits, logging, errors, storage.
 * Only names some file outside the module imports (decision 229, tests/integration/module-surface.test.ts).
 */
export { init, shutdown } from './init.server';
export { loadEnv, resetEnvCache } from './env.server';
export { getDb, dbKind, onQuery, prepared, type Database, type Db } from './db/index.server';
export {
  sendEmail,
  deliverCommunication,
  resetMailTransport,
  emailLayout,
  escapeHtml,
  LINK_REMOVED,
  registerOneTimeLink,
  hasOneTimeLink,
  readDevOutbox,
} from './mail.server';
export { newestDeliveredEmailTo, retryUndeliveredCommunications, MAX_DELIVERY_ATTEMPTS } from './communications.server';
export {
  enqueue,
  schedule,
  cancel,
  defineJob,
  getJobProgress,
  registerJobs,
  getQueue,
  processJob,
  runScheduledJob,
  scheduledIdOf,
  sweepScheduledJobs,
  startSchedules,
  ensureJobSchedulers,
  drainInProcessJobs,
  queuePrefix,
  QUEUES,
  QUEUE_NAMES,
  type QueueName,
  type JobContext,
} from './queue.server';
export { getRedis, getWorkerRedis, usableRedis, closeRedis } from './redis.server';
export { rateLimiter, tryConsume, pruneRateLimits, resetRateLimiters } from './rate-limit.server';
export { logger } from './logger.server';
export { onShutdown } from './lifecycle.server';
export { announce, onEvent, type AnswerOf } from './events.server';
export { defineList, listFilter } from './list-query.server';
export { DomainError, isDomainError, GENERIC_ERROR } from './errors';
export {
  putBlob,
  putUploadedBlob,
  storeBlobStream,
  openBlobStream,
  deleteStoredBlob,
  readBlob,
  openBlob,
  blobUrl,
  isBlobId,
  blobOwner,
  pruneUnreferencedBlobs,
  deleteBlobRows,
  removeBlobBytes,
  UNREFERENCED_BLOB_GRACE_MS,
} from './storage.server';
export { putBlobStream, readBlobStream, activeBlobStore, localBlobDir } from './blob-bytes.server';
export { checkImagePixels, MAX_IMAGE_PIXELS, IMAGE_WIDTHS } from './images.server';
export { SEARCH_MAX_LENGTH, type SearchHit } from './search';
export { DAY } from './clock';
export { hasLoneSurrogate, boundedInt, idNumber, idSchema } from './validation';
export { sharedPrivacy } from './privacy-tables';
export type { PrivacyTable } from './privacy';
