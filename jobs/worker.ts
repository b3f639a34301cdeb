import { Worker } from 'bullmq';
import { getJob, init, logger, QUEUE_NAME, queuePrefix, getRedis, shutdown, startSchedules } from '@modules/shared/index.server';
import { registerAllJobs } from './registry';

/** `npm run worker`: processes the BullMQ queue (needs REDIS_URL); closes cleanly on SIGTERM. */
export async function startWorker() {
  await init();
  registerAllJobs();
  const connection = getRedis();
  if (!connection) throw new Error('REDIS_URL is not set: without Redis the web process runs jobs itself, no worker is needed.');
  await startSchedules();
  const worker = new Worker(
    QUEUE_NAME,
    async (job) => {
      const def = getJob(job.name);
      if (!def) throw new Error(`Unknown job ${job.name}`);
      await def.process(def.schema.parse(job.data));
    },
    { connection, prefix: queuePrefix(), concurrency: 4 },
  );
  worker.on('failed', (job, err) => logger().warn({ job: job?.name, id: job?.id, err }, 'job failed'));
  return worker;
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '');
if (isMain) {
  const worker = await startWorker();
  logger().info('worker started');
  const stop = async () => {
    logger().info('worker stopping');
    await worker.close();
    await shutdown();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}
