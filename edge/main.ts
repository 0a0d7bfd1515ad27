/**
 * `npm run edge`: one edge node (issue #33, docs/edge.md "The edge node"): the agent and its nginx.
 * SIGTERM or SIGINT stops nginx, then the agent.
 */
import { EdgeAgent } from './agent';
import { readEdgeSettings } from './config';

const agent = new EdgeAgent(readEdgeSettings(process.env));

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
