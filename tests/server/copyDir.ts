import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Copies a data dir (thousands of small ClickHouse part files) into an existing or new dir. The
 * system's cp does it about eight times faster than fs.cp, which every server test file pays.
 */
export async function copyDir(from: string, to: string): Promise<void> {
  await run('cp', ['-R', '--', `${from}/.`, to]);
}
