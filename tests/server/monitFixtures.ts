import http from 'node:http';
import { listenLoopback, type LocalServer } from './localServer';

/**
 * Fixtures of the cloud monitoring tests (server and e2e): a local HTTP receiver for webhooks and the SMS
 * gateway, and access-log lines of acme's traffic from one place (Beijing, China Telecom, cdn-a).
 */

export type Receiver = LocalServer;

/** Starts an HTTP server on loopback that reads each request's body and hands it to `answer`. */
export async function startReceiver(answer: (rq: http.IncomingMessage, body: string, rs: http.ServerResponse) => void): Promise<Receiver> {
  const server = http.createServer((rq, rs) => {
    let body = '';
    rq.on('data', (c: Buffer) => (body += c.toString()));
    rq.on('end', () => answer(rq, body, rs));
  });
  return listenLoopback(server);
}

/** One access-log line (JSONEachRow) of acme's: a GET from Beijing over China Telecom, served by cdn-a's bj-01. */
export function accessLogLine(r: {
  ts: number;
  domain: string;
  url: string;
  status: number;
  bytes: number;
  request_time: number;
  cache_hit: number;
  client_ip: string;
}): string {
  return JSON.stringify({
    account: 'acme',
    method: 'GET',
    continent: 'Asia',
    country: 'CN',
    province: 'Beijing',
    isp: 'China Telecom',
    user_agent: 'curl/8',
    referer: '',
    provider: 'cdn-a',
    edge_node: 'bj-01',
    ...r,
  });
}
