import fs from 'node:fs';
import type { TypedRoutes } from '../../../lib/typeProvider';
import dayjs from 'dayjs';
import { Type } from '@sinclair/typebox';
import { fail, ok, portalEnvelope } from '../../../lib/envelope';
import { countLogs, exportLogs, LOG_DOWNLOAD_MAX_ROWS, LOG_PAGE_WINDOW, searchLogs } from '../../../stores/traffic/trafficLogs';
import {
  findDownload,
  LOG_DOWNLOAD_TTL_HOURS,
  newDownloadId,
  prepareDownload,
  saveDownloadMeta,
  sweepDownloads,
} from '../../../stores/traffic/trafficLogDownloads';
import { toLogFilters } from '../../../services/traffic';
import { LogSearchQuerySchema, LogSearchResultSchema, type LogSearchQuery } from '../../../../common/wire/traffic/logs';
import { replySchema } from '../../../lib/wireSchemas';

const DEFAULT_PAGE_SIZE = 20;

/** Log search and download (contract rows POST /api/log/searchList, POST /api/log/downloadID). */
export const logRoutes: TypedRoutes = async (app) => {
  const config = { module: 'log', access: 'view' } as const;
  const search = { body: LogSearchQuerySchema, response: replySchema(portalEnvelope, LogSearchResultSchema) };
  app.post('/api/log/searchList', { config, schema: search }, async (request) => {
    const body = (request.body ?? {}) as LogSearchQuery;
    const pageNum = body.pageNum ?? 1;
    const pageSize = body.pageSize ?? DEFAULT_PAGE_SIZE;
    if (pageNum * pageSize > LOG_PAGE_WINDOW) throw fail('logPageWindow');
    const { filters, tz } = await toLogFilters(request, body);
    const { list, total } = await searchLogs(app.traffic, filters, { pageNum, pageSize }, tz);
    return ok({ list, total, pageNum, pageSize });
  });

  /**
   * Writes the selected rows to a gzip CSV (at most LOG_DOWNLOAD_MAX_ROWS; a larger selection is
   * refused with a message, not cut short) and answers its address, valid for a few hours.
   */
  app.post('/api/log/downloadID', { config, schema: { body: LogSearchQuerySchema } }, async (request) => {
    const { filters, tz } = await toLogFilters(request, (request.body ?? {}) as LogSearchQuery);
    const rows = await countLogs(app.traffic, filters);
    if (rows === 0) throw fail('logDownloadEmpty');
    if (rows > LOG_DOWNLOAD_MAX_ROWS) throw fail('logDownloadTooMany');
    const dataDir = app.config.dataDir;
    await sweepDownloads(dataDir);
    const id = newDownloadId();
    const file = await prepareDownload(dataDir, id);
    try {
      await exportLogs(app.traffic, filters, tz, file);
    } catch (err) {
      request.log.error({ err }, 'log export failed');
      await fs.promises.rm(file, { force: true });
      throw fail('logDownloadFailed');
    }
    const stamp = (s: number) => dayjs.unix(s).tz(tz).format('YYYYMMDDHHmmss');
    const subject = filters.domains.length === 1 ? filters.domains[0] : request.user!.account;
    const now = Date.now();
    await saveDownloadMeta(dataDir, {
      id,
      account: request.user!.account,
      accounts: filters.accounts,
      username: request.user!.username,
      fileName: `access-log_${subject}_${stamp(filters.start)}-${stamp(filters.end - 1)}.csv.gz`,
      rows,
      created: now,
      expires: now + LOG_DOWNLOAD_TTL_HOURS * 3_600_000,
    });
    return ok(`/api/log/download/${id}`);
  });

  /**
   * The file of a download address; another account's address, one holding rows beyond the
   * caller's scope, or an expired one looks missing.
   */
  app.get(
    '/api/log/download/:id',
    { config: { module: 'log', access: 'view' }, schema: { params: Type.Object({ id: Type.String({ maxLength: 64 }) }) } },
    async (request, reply) => {
      const { id } = request.params;
      await sweepDownloads(app.config.dataDir);
      const scope = await request.scope();
      const found = await findDownload(app.config.dataDir, id, { account: request.user!.account, sees: scope.all ? null : scope.has });
      if (!found) return reply.status(404).send(portalEnvelope.fail('404', request.t('logDownloadMissing')));
      const { meta, file } = found;
      const ascii = meta.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(meta.fileName)}`)
        .header('cache-control', 'private, no-store')
        .send(fs.createReadStream(file));
    },
  );
};
