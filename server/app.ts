import Fastify, { type FastifyInstance } from 'fastify';
import type { PortalConfig } from './config';
import { openConfigDb } from './stores/config/db';
import { openTrafficEngine } from './stores/traffic/engine';
import { ensureTrafficSchema } from './stores/traffic/schema';
import { createCipher } from './lib/cipher';
import { envelopePlugin } from './plugins/envelope';
import { sessionPlugin } from './plugins/session';
import { guardPlugin } from './plugins/guard';
import { spaPlugin } from './plugins/spa';
import { securityPlugin } from './plugins/security';
import { auditPlugin } from './plugins/audit';
import { answerCachePlugin } from './plugins/answerCache';
import { queuedTraffic } from './lib/trafficQueue';
import { routePlugins } from './routes';
import { startJobs } from './jobs';
import { seedDemo } from './demo';
import './types';

export interface BuildOptions {
  /** Logger on (main.ts) or off (tests). */
  logger?: boolean;
}

/** Builds the whole server: stores, plugins, routes, jobs. Tests call it and use app.inject(). */
export async function buildApp(config: PortalConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger
      ? {
          level: config.logLevel,
          serializers: {
            // Query strings can carry credentials (/api/newLogin); log the path only.
            req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url.split('?')[0], ip: req.ip }),
          },
        }
      : false,
    trustProxy: false,
    bodyLimit: 64 * 1024 * 1024,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
  });

  const db = await openConfigDb({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onConnectionLost: (err) => app.log.warn({ err }, 'PostgreSQL connection lost; the next query reconnects'),
  });
  const traffic = await openTrafficEngine({
    dataDir: config.dataDir,
    clickhouseUrl: config.clickhouseUrl,
    maxThreads: config.trafficThreads,
  });
  await ensureTrafficSchema(traffic);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('traffic', queuedTraffic(traffic, config.trafficQueue));
  app.decorate('cipher', createCipher(config.cipherKey));

  await app.register(envelopePlugin);
  await app.register(sessionPlugin);
  await app.register(guardPlugin);
  await app.register(securityPlugin);
  await app.register(auditPlugin);
  await app.register(answerCachePlugin);
  for (const plugin of routePlugins) await app.register(plugin);
  await app.register(spaPlugin);

  if (config.demo) await seedDemo(app);
  const stopJobs = startJobs(app);

  app.addHook('onClose', async () => {
    await stopJobs();
    await traffic.close();
    await db.close();
  });
  return app;
}
