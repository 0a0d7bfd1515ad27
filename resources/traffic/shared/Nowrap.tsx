import type { ReactNode } from 'react';

/** Keeps a figure and its unit on one line in narrow table cells ('916.81 GB', never 'GB' alone). */
export function Nowrap({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}
