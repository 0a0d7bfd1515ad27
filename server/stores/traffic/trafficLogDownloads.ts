import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LOG_DOWNLOAD_TTL_HOURS } from '../../../common/rules/traffic';

/**
 * Files produced by POST /api/log/downloadID, kept under <data dir>/downloads: <id>.csv.gz and a
 * sidecar <id>.json naming the account that may fetch it. Ids are 128-bit random; files expire after
 * LOG_DOWNLOAD_TTL_HOURS and are swept whenever a download is made or fetched.
 */

export { LOG_DOWNLOAD_TTL_HOURS };

export interface DownloadMeta {
  id: string;
  /** account of the user who asked; only users of this account can fetch the file */
  account: string;
  /**
   * the accounts whose rows the file may hold (null: every account, a staff download); a user of
   * the same account whose scope is narrower (a sub-user limited to some accounts) cannot fetch it
   */
  accounts: string[] | null;
  username: string;
  fileName: string;
  rows: number;
  created: number;
  expires: number;
}

const ID = /^[0-9a-f]{32}$/;

export const downloadsDir = (dataDir: string) => path.join(dataDir, 'downloads');
const filePath = (dir: string, id: string) => path.join(dir, `${id}.csv.gz`);
const metaPath = (dir: string, id: string) => path.join(dir, `${id}.json`);

export function newDownloadId(): string {
  return crypto.randomBytes(16).toString('hex');
}

/** Where the engine writes a new download (the directory is created). */
export async function prepareDownload(dataDir: string, id: string): Promise<string> {
  const dir = downloadsDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  return filePath(dir, id);
}

export async function saveDownloadMeta(dataDir: string, meta: DownloadMeta): Promise<void> {
  await fs.writeFile(metaPath(downloadsDir(dataDir), meta.id), JSON.stringify(meta));
}

/** Who fetches a download: their account and the accounts they may see (null: every account). */
export interface DownloadReader {
  account: string;
  sees: ((account: string) => boolean) | null;
}

/**
 * The file of a download if it exists, has not expired, belongs to the reader's account and holds
 * only rows of accounts the reader may see; otherwise null.
 */
export async function findDownload(
  dataDir: string,
  id: string,
  reader: DownloadReader,
  now = Date.now(),
): Promise<{ meta: DownloadMeta; file: string } | null> {
  if (!ID.test(id)) return null;
  const dir = downloadsDir(dataDir);
  try {
    const meta = JSON.parse(await fs.readFile(metaPath(dir, id), 'utf8')) as DownloadMeta;
    if (meta.account !== reader.account || meta.expires <= now) return null;
    // A file of unknown coverage (made before the field existed) counts as covering every account.
    const covers = meta.accounts ?? null;
    if (reader.sees && (covers === null || !covers.every(reader.sees))) return null;
    const file = filePath(dir, id);
    await fs.access(file);
    return { meta, file };
  } catch {
    return null;
  }
}

/** Removes expired downloads (and files left without a sidecar by a failed export). */
export async function sweepDownloads(dataDir: string, now = Date.now()): Promise<number> {
  const dir = downloadsDir(dataDir);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const full = path.join(dir, name);
    try {
      if (name.endsWith('.json')) {
        const meta = JSON.parse(await fs.readFile(full, 'utf8')) as DownloadMeta;
        if (meta.expires > now) continue;
        await fs.rm(filePath(dir, meta.id), { force: true });
        await fs.rm(full, { force: true });
        removed++;
      } else if (name.endsWith('.csv.gz')) {
        const id = name.slice(0, -'.csv.gz'.length);
        const hasMeta = names.includes(`${id}.json`);
        const stat = await fs.stat(full);
        if (!hasMeta && stat.mtimeMs < now - LOG_DOWNLOAD_TTL_HOURS * 3_600_000) {
          await fs.rm(full, { force: true });
          removed++;
        }
      }
    } catch {
      // A file removed meanwhile or a broken sidecar: the next sweep tries again.
    }
  }
  return removed;
}
