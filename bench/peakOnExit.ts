/**
 * Preload for a measured child process (`node --import tsx --import ./bench/peakOnExit.ts …`): prints
 * the process's peak resident memory on exit, process.exit() included, as `peakBytes=<n>` on stderr.
 */
process.on('exit', () => {
  process.stderr.write(`\npeakBytes=${process.resourceUsage().maxRSS * 1024}\n`);
});
