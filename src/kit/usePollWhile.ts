import { useEffect, useRef } from 'react';

/**
 * Calls `tick` every `intervalMs` while `active` (a record in a transient state: configuring,
 * deleting, a task in progress), and stops when it is not. With `settle`, one last tick when `active`
 * turns false, so that what is shown beside the polled view catches the final state.
 */
export function usePollWhile(active: boolean, tick: () => unknown, intervalMs: number, { settle = false }: { settle?: boolean } = {}) {
  const latest = useRef(tick);
  latest.current = tick;
  const was = useRef(active);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => void latest.current(), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  useEffect(() => {
    if (settle && was.current && !active) void latest.current();
    was.current = active;
  }, [active, settle]);
}
