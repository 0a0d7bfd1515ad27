import crypto from 'node:crypto';
import path from 'node:path';
import type { TypedRoutes } from '../../../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import { ok, portalEnvelope } from '../../../lib/envelope';
import { clearIngestLeftovers, ingestRecords } from '../../../stores/traffic/ingest';
import { RECORD_KINDS, recordKind } from '../../../stores/traffic/recordKinds';
import { HOST_INVENTORY_KIND, ingestHostInventory } from '../../../services/hosts';

/** Constant-time comparison of the bearer token with the configured one. */
function tokenMatches(header: string | undefined, expected: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!m) return false;
  const a = crypto.createHash('sha256').update(m[1].trim()).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * POST /api/log/ingest[?kind=access]: a log shipper posts a batch of records of one kind (JSON lines,
 * plain or gzip; the formats of docs/ingest.md; default kind: access logs; `host_inventory`: the provider's hosts, into the
 * config store) with `Authorization: Bearer $PORTAL_INGEST_TOKEN`. No user session: the token is provider staff's. The body is streamed
 * into the engine, never held whole. Reply data: the ingest report (rows, rejected, rejectedLines, ...).
 */
export const logIngestRoutes: TypedRoutes = async (app) => {
  const tmpDir = path.join(app.config.dataDir, 'tmp', 'ingest');
  await clearIngestLeftovers(app.traffic, tmpDir);
  // In this plugin only: every body arrives as the raw stream (JSON lines are not one JSON document).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.post(
    '/api/log/ingest',
    {
      config: { module: '-', access: 'public' },
      bodyLimit: 4 * 1024 * 1024 * 1024,
      schema: {
        querystring: Type.Object({
          kind: Type.Optional(Type.Union([...Object.keys(RECORD_KINDS), HOST_INVENTORY_KIND].map((k) => Type.Literal(k)))),
          firstLine: Type.Optional(Type.Integer({ minimum: 1 })),
          maxErrors: Type.Optional(Type.Integer({ minimum: 0 })),
        }),
      },
    },
    async (request, reply) => {
      const expected = app.config.ingestToken;
      if (!expected) return reply.status(503).send(portalEnvelope.fail('503', request.t('ingestDisabled')));
      if (!tokenMatches(request.headers.authorization, expected)) {
        return reply.status(401).send(portalEnvelope.fail('401', request.t('ingestUnauthorized')));
      }
      const query = request.query;
      const body = (request.body as AsyncIterable<Buffer> | undefined) ?? (async function* () {})();
      const options = { tmpDir, firstLine: query.firstLine, maxErrors: query.maxErrors };
      // The host inventory goes into the config store; every other kind into the traffic store.
      const report =
        query.kind === HOST_INVENTORY_KIND
          ? await ingestHostInventory(app.db, body, options)
          : await ingestRecords(app.traffic, recordKind(query.kind)!, body, options);
      request.log.info({ rows: report.rows, rejected: report.rejected, ms: report.ms }, `${query.kind ?? 'access'} records ingested`);
      return ok(report);
    },
  );
};
