import net from 'node:net';
import { outboundRefusal, type OutboundRefusal } from './outbound';
import type { IppPortError, IppPortFailure } from '../../common/wire/ipProtection';

/**
 * The IP protection config check (issue #19): a TCP connect to every protected port of an origin IP,
 * each with a time-out, a few at a time, through the outbound guard (server/lib/outbound.ts:
 * documentation addresses never, private, loopback and reserved ones only when allowed). Nothing is
 * sent: a completed handshake is success, and the socket is closed at once. Who may check what, and
 * how often, is the route's (server/services/ipProtection.ts).
 */

export const PORT_TIMEOUT_MS = 2000;
const PARALLEL = 20;

function connectOnce(ip: string, port: number, timeoutMs: number): Promise<IppPortError | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: ip, port, family: net.isIP(ip) === 6 ? 6 : 4 });
    let done = false;
    const finish = (result: IppPortError | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ port, reason: 'timeout', detail: 'ETIMEDOUT' }), timeoutMs);
    socket.once('connect', () => finish(null));
    socket.once('error', (e: NodeJS.ErrnoException) => {
      const code = e.code ?? 'error';
      const reason: IppPortFailure =
        code === 'ECONNREFUSED'
          ? 'refused'
          : ['EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ENETDOWN', 'EHOSTDOWN'].includes(code)
            ? 'unreachable'
            : code === 'ETIMEDOUT'
              ? 'timeout'
              : 'error';
      finish({ port, reason, detail: code });
    });
  });
}

/**
 * The ports that failed (ascending); every port as 'private' when a private address is not allowed.
 * A documentation address is not probed at all: the refusal is returned (the caller says why).
 */
export async function probePorts(
  ip: string,
  ports: number[],
  allowPrivate: boolean,
  timeoutMs = PORT_TIMEOUT_MS,
): Promise<IppPortError[] | { refused: Extract<OutboundRefusal, 'documentation'> }> {
  const refusal = outboundRefusal(ip, allowPrivate);
  if (refusal === 'documentation') return { refused: refusal };
  if (refusal) return ports.map((port) => ({ port, reason: 'private', detail: '' }));
  const errors: IppPortError[] = [];
  let next = 0;
  const worker = async () => {
    while (next < ports.length) {
      const port = ports[next++];
      const e = await connectOnce(ip, port, timeoutMs);
      if (e) errors.push(e);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, ports.length) }, worker));
  return errors.sort((a, b) => a.port - b.port);
}
