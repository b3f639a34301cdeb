import { registerJobs, type JobDefinition } from '@modules/shared/index.server';
import { sendEmailJob } from './send-email.job';
import { welcomeEmailBatchJob } from './welcome-email-batch.job';
import { housekeepingJob } from './housekeeping.job';

/** Every job, defined once. Add new jobs here. */
export const allJobs: JobDefinition[] = [sendEmailJob, welcomeEmailBatchJob, housekeepingJob] as JobDefinition[];

export function registerAllJobs() {
  registerJobs(allJobs);
}
