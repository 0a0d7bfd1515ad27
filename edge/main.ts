/**
 * `npm run edge`: one edge node (issue #33, docs/edge.md "The edge node"): the agent and its nginx.
 * SIGTERM or SIGINT stops nginx, then the agent. `--demo` (`npm run edge:demo`): the node with the
 * demo mapping and the local demo origin (EDGE_DEMO_ORIGIN, default 127.0.0.1:8090), docs/edge.md
 * "Demo with a real node".
 */
import { EdgeAgent } from './agent';
import { readEdgeSettings } from './config';
import { startDemoOrigin } from './demoOrigin';

const demo = process.argv.includes('--demo');
const agent = new EdgeAgent(readEdgeSettings(demo ? { EDGE_DEMO_ORIGIN: '127.0.0.1:8090', ...process.env } : process.env));
const demoOrigin = agent.settings.demoOrigin;
if (demo && demoOrigin) {
  await startDemoOrigin(demoOrigin);
  agent.log(`demo origin on http://${demoOrigin.host}:${demoOrigin.port}`);
}

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  agent.log(`${signal}: stopping`);
  void agent.stop().finally(() => process.exit(0));
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

agent.start().then(
  () => agent.log(`serving on ${agent.settings.listen} and ${agent.settings.tlsListen} (data ${agent.settings.dataDir})`),
  (e: Error) => {
    agent.log(`could not start: ${e.message}`);
    void agent.stop().finally(() => process.exit(1));
  },
);
