import type { TypedRoutes } from '../../../lib/typeProvider';
import { PortalError } from '../../../lib/envelope';
import { EDGE_API } from '../../../../common/wire/edge';
import { EDGE_TIMING } from '../../../../common/rules/edge';
import { callingNode, configFor, edgeNow, loadLogPart, register, settleEdgeDomains, verifyEdgeCall } from '../../../services/edge';
import { recordApplied } from '../../../stores/config/edgeNodes';
import { leaseJobs, recordResults } from '../../../stores/config/edgeJobs';
import { AppliedBody, ConfigQuery, HeartbeatBody, LogsQuery, RegisterBody, ResultsBody, SignatureHeaders } from './schemas';

/** Calls whose body is not JSON: its raw bytes reach the handler (a gzip log part). */
const RAW_BODY = new Set([`${EDGE_API}/logs`]);
/** Bodies of reports (a node's apply report of many domains, a batch of results). */
const REPORT_LIMIT = 16 * 1024 * 1024;
/** A gzip log part (the agent sends a few seconds of log at a time). */
const LOG_PART_LIMIT = 64 * 1024 * 1024;

/**
 * The edge nodes' calls (issue #33, docs/edge.md): no session; every body arrives as bytes, the
 * signature is checked over them before anything else (then JSON bodies are parsed and validated).
 */
export const edgeNodeRoutes: TypedRoutes = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.addHook('preValidation', async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    await verifyEdgeCall(request, raw, request.routeOptions.url === `${EDGE_API}/register`);
    if (RAW_BODY.has(request.routeOptions.url ?? '')) return;
    try {
      request.body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
    } catch {
      throw new PortalError('400', 'edgeBadBody', 400);
    }
  });

  const config = { module: '-', access: 'public' } as const;

  app.post(`${EDGE_API}/register`, { config, schema: { headers: SignatureHeaders, body: RegisterBody } }, async (request) =>
    register(request, request.body),
  );

  app.get(`${EDGE_API}/config`, { config, schema: { headers: SignatureHeaders, querystring: ConfigQuery } }, async (request, reply) => {
    const answer = await configFor(app, callingNode(request), request.query.revision);
    if (!answer) return reply.code(204).send();
    return answer;
  });

  app.post(
    `${EDGE_API}/applied`,
    { config, bodyLimit: REPORT_LIMIT, schema: { headers: SignatureHeaders, body: AppliedBody } },
    async (request) => {
      await recordApplied(app.db, callingNode(request).id, request.body, edgeNow(app.config));
      await settleEdgeDomains(app);
      return { ok: true };
    },
  );

  app.post(`${EDGE_API}/heartbeat`, { config, schema: { headers: SignatureHeaders, body: HeartbeatBody } }, async () => {
    // the call itself marked the node seen (verifyEdgeCall); a node coming back or going silent moves domains
    await settleEdgeDomains(app);
    return { ok: true };
  });

  app.get(`${EDGE_API}/jobs`, { config, schema: { headers: SignatureHeaders } }, async (request) => ({
    jobs: await leaseJobs(app.db, callingNode(request).id, edgeNow(app.config), EDGE_TIMING.jobLeaseMs),
  }));

  app.post(
    `${EDGE_API}/results`,
    { config, bodyLimit: REPORT_LIMIT, schema: { headers: SignatureHeaders, body: ResultsBody } },
    async (request) => {
      // the purge pass reads them back at its next poll (server/lib/nodesEdge.ts)
      const recorded = await recordResults(app.db, callingNode(request).id, request.body.results, edgeNow(app.config));
      return { ok: true, recorded };
    },
  );

  app.post(
    `${EDGE_API}/logs`,
    { config, bodyLimit: LOG_PART_LIMIT, schema: { headers: SignatureHeaders, querystring: LogsQuery } },
    async (request, reply) => {
      // security events do not map onto the security-events table (websites' WAF events) yet: issue #34
      if (request.query.stream !== 'access') throw new PortalError('400', 'edgeUnsupportedStream', 400);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await loadLogPart(app, callingNode(request), request.query, body);
      return reply.code(outcome.status).send(outcome.reply);
    },
  );
};
