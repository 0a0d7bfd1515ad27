import type { DemoSeeder } from './index';
import { failTaskUrl, insertTask, verifyTaskUrls, type NewTaskUrl } from '../stores/config/purgeTasks';
import { refreshTaskStatus } from '../stores/config/purgeEdge';
import type { PurgeKind } from '../../common/rules/purge';

/** A few days of purge and prefetch tasks for acme (and its sub-accounts) and globex: finished, failed and running. */

interface DemoTask {
  kind: PurgeKind;
  account: string;
  by: string;
  /** days ago, hour of day */
  day: number;
  hour: number;
  domain: string;
  paths: string[];
  /** 'done' (verified), 'failed' (the last URL failed), 'running' (left to the embedded edge) */
  end: 'done' | 'failed' | 'running';
}

const files = (prefix: string, n: number, ext: string) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}.${ext}`);

const DEMO: DemoTask[] = [
  {
    kind: 'url',
    account: 'acme',
    by: 'acme',
    day: 3,
    hour: 10,
    domain: 'www.acme-media.example',
    paths: ['/index.html', '/css/site.css', '/js/app.js'],
    end: 'done',
  },
  { kind: 'dir', account: 'acme', by: 'acme', day: 3, hour: 16, domain: 'img.acme-media.example', paths: ['/banners/'], end: 'done' },
  {
    kind: 'prefetch',
    account: 'acme',
    by: 'acme',
    day: 2,
    hour: 9,
    domain: 'cdn.acme-media.example',
    paths: files('/releases/v4.1.', 4, 'zip'),
    end: 'done',
  },
  {
    kind: 'url',
    account: 'acme_video',
    by: 'acme',
    day: 2,
    hour: 14,
    domain: 'video.acme-video.com',
    paths: files('/trailers/t', 12, 'mp4'),
    end: 'done',
  },
  {
    kind: 'url',
    account: 'acme',
    by: 'acme',
    day: 2,
    hour: 20,
    domain: 'news.acme-media.example',
    paths: ['/today.html', '/feed.xml'],
    end: 'failed',
  },
  {
    kind: 'prefetch',
    account: 'acme',
    by: 'acme',
    day: 1,
    hour: 8,
    domain: 'downloads.acme-media.example',
    paths: ['/setup.exe', '/missing.bin'],
    end: 'failed',
  },
  {
    kind: 'dir',
    account: 'acme_static',
    by: 'acme',
    day: 1,
    hour: 11,
    domain: 'static.acme-static.com',
    paths: ['/fonts/', '/css/'],
    end: 'done',
  },
  {
    kind: 'url',
    account: 'acme',
    by: 'acme',
    day: 1,
    hour: 17,
    domain: 'm.acme-media.example',
    paths: files('/m/page', 30, 'html'),
    end: 'done',
  },
  {
    kind: 'url',
    account: 'acme',
    by: 'acme',
    day: 0,
    hour: -1,
    domain: 'www.acme-media.example',
    paths: ['/index.html', '/news/latest.html'],
    end: 'done',
  },
  { kind: 'dir', account: 'acme', by: 'acme', day: 0, hour: 0, domain: 'www.acme-media.example', paths: ['/static/'], end: 'running' },
  {
    kind: 'url',
    account: 'globex',
    by: 'globex',
    day: 1,
    hour: 15,
    domain: 'www.globex-corp.example',
    paths: ['/index.html', '/shop/'],
    end: 'done',
  },
];

export const seedPurgeTasks: DemoSeeder = {
  name: 'purgeTasks',
  async run(app) {
    const lines = 4;
    for (const [i, d] of DEMO.entries()) {
      const created = new Date();
      if (d.day > 0) {
        created.setDate(created.getDate() - d.day);
        created.setHours(d.hour, (i * 7) % 60, 0, 0);
      } else {
        created.setTime(created.getTime() - (d.hour < 0 ? 3 * 3600_000 : 60_000));
      }
      const urls: NewTaskUrl[] = d.paths.map((p, n) => ({
        line: n + 1,
        url: `https://${d.domain}${p}`,
        host: d.domain,
        domain: d.domain,
        account: d.account,
      }));
      await app.db.transaction(async (tx) => {
        const id = await insertTask(tx, {
          kind: d.kind,
          account: d.account,
          submittedBy: d.by,
          ip: '203.0.113.10',
          urls,
          dueAt: created,
          createTime: created,
        });
        if (d.end === 'running') return;
        const seconds = d.kind === 'dir' ? 240 + i * 17 : 8 + i * 3;
        const finished = new Date(created.getTime() + seconds * 1000);
        await verifyTaskUrls(tx, id, lines, finished, d.kind === 'prefetch');
        if (d.end === 'failed') {
          const reason =
            d.kind === 'prefetch'
              ? `domainProbeStatus|${JSON.stringify({ address: `origin.${d.domain}:443`, status: 404 })}`
              : 'purgeReasonDomainDisabled';
          await failTaskUrl(tx, id, urls.length, reason, d.kind === 'prefetch');
        }
        await refreshTaskStatus(tx, [id], finished);
      });
    }
  },
};
