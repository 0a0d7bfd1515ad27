import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An HTTP server a test started on loopback (origins, webhook receivers). */
export interface LocalServer {
  /** http://127.0.0.1:<port> */
  base: string;
  port: number;
  /** Also drops open connections, so a request the server never answers does not hold the close up. */
  close: () => Promise<void>;
}

/** Starts `server` on a free loopback port. */
export async function listenLoopback(server: http.Server): Promise<LocalServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface LocalOrigin extends LocalServer {
  /** The Host header of every request it received. */
  hosts: string[];
}

/** A local origin the portal fetches from (tests allow private origins). */
export async function startOrigin(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<LocalOrigin> {
  const hosts: string[] = [];
  const server = http.createServer((req, res) => {
    hosts.push(String(req.headers.host));
    answer(req, res);
  });
  return { ...(await listenLoopback(server)), hosts };
}
