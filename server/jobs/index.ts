import type { FastifyInstance } from 'fastify';
import { domainIssuingJob } from './domainIssuing';
import { certificateDeletionJob } from './certificateDeletion';
import { demoLiveTrafficJob } from './demoLiveTraffic';
import { purgeEdgeJob } from './purgeEdge';
import { auditRetentionJob } from './auditRetention';
import { ippJob } from './ippJobs';
import { websiteIssuingJob } from './websiteIssuing';
import { monitAlertsJob } from './monitAlerts';
import { monitProbesJob } from './monitProbes';

/** A background job: started with the app, stopped when it closes (the stop waits for work in flight). */
export type Job = (app: FastifyInstance) => () => void | Promise<void>;

/** Every background job, one line each (config issuing, certificate deletion, ...). */
const jobs: Job[] = [
  domainIssuingJob,
  certificateDeletionJob,
  demoLiveTrafficJob,
  purgeEdgeJob,
  auditRetentionJob,
  ippJob,
  websiteIssuingJob,
  monitAlertsJob,
  monitProbesJob,
];

export function startJobs(app: FastifyInstance): () => Promise<void> {
  const stops = jobs.map((job) => job(app));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
