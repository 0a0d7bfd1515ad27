/** Helpers shared by the benchmarks of this folder. */
import { configFromEnv, type PortalConfig } from '../server/config';

/** The server's settings over the demo in `dataDir`, without live traffic; the demo's traffic at `trafficScale`. */
export const demoConfig = (dataDir: string, trafficScale: string): PortalConfig =>
  configFromEnv({
    ...process.env,
    PORTAL_DATA_DIR: dataDir,
    PORTAL_DEMO: '1',
    PORTAL_DEMO_TRAFFIC_SCALE: trafficScale,
    PORTAL_DEMO_LIVE: '0',
  } as NodeJS.ProcessEnv);

/** The p-th percentile of `xs` (nearest rank). */
export const pctile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/** Runs a benchmark's main; when it fails, prints the error and exits with status 1. */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
