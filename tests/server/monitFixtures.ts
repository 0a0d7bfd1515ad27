import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Fixtures of the cloud monitoring tests (server and e2e): a local HTTP receiver for webhooks and the SMS
 * gateway, and access-log lines of acme's traffic from one place (Beijing, China Telecom, cdn-a).
 */

export interface Receiver {
  /** http://127.0.0.1:<port> */
  base: string;
  close: () => Promise<void>;
}

/** Starts an HTTP server on loopback that reads each request's body and hands it to `answer`. */
export async function startReceiver(answer: (rq: http.IncomingMessage, body: string, rs: http.ServerResponse) => void): Promise<Receiver> {
  const server = http.createServer((rq, rs) => {
    let body = '';
    rq.on('data', (c: Buffer) => (body += c.toString()));
    rq.on('end', () => answer(rq, body, rs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
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
