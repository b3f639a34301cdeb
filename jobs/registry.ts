import { registerJobs } from '@modules/shared/index.server';
import { sendEmailJob } from './send-email.job';
import { welcomeEmailBatchJob } from './welcome-email-batch.job';
import { housekeepingJob } from './housekeeping.job';
import { sweepJob } from './sweep.job';
import { publishPostJob, publishDuePostsJob } from './publish-post.job';
import { journeyUnlocksJob } from './journey-unlocks.job';
import { remindersJob } from './reminders.job';
import { csvImportJob } from './csv-import.job';
import { notificationFanOutJob, notificationFanOutSweepJob } from './notification-fan-out.job';

import { dataExportJob } from './data-export.job';

/** Every job, defined once (one file each). Add new jobs here. */
export const allJobs = [sendEmailJob, welcomeEmailBatchJob, housekeepingJob, sweepJob, publishPostJob, publishDuePostsJob, journeyUnlocksJob, remindersJob, csvImportJob, notificationFanOutJob, notificationFanOutSweepJob, dataExportJob] as const;

export function registerAllJobs() {
  registerJobs(allJobs);
}
