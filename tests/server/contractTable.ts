import fs from 'node:fs';
import path from 'node:path';

/**
 * The contract table, carried in the repository (docs/contract/endpoints.tsv) so that a fresh clone
 * runs every test; tests/server/shellContract.test.ts checks it against ../shared when that is beside it.
 */
export const CONTRACT_FILE = path.resolve(__dirname, '../../docs/contract/endpoints.tsv');
export const SHARED_CONTRACT_FILE = path.resolve(__dirname, '../../../shared/contract/endpoints.tsv');

/** One row of the contract table. */
export interface ContractRow {
  method: string;
  path: string;
  backend: string;
  module: string;
  access: string;
  note: string;
}

/** Every row of the contract table (the header left out). */
export function contractRows(): ContractRow[] {
  return fs
    .readFileSync(CONTRACT_FILE, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [method, p, backend, module, access, , note] = line.split('\t');
      return { method, path: p, backend, module, access, note: note ?? '' };
    });
}

/**
 * Calls served beyond the shared contract (added by later issues), in the contract's columns: the
 * route × role × tenant matrix and the fuzzing cover them like contract rows (coveredRows), and
 * tests/server/shellContract.test.ts accepts them as documented extras.
 */
export const EXTRA_ROWS: ContractRow[] = [
  // ownership proofs of protected origin IPs (issue #35, docs/ipProtection.md)
  {
    method: 'POST',
    path: '/impapi/protection/network/ownership/challenge',
    backend: 'impapi',
    module: 'ipP',
    access: 'operation',
    note: 'issue #35',
  },
  {
    method: 'POST',
    path: '/impapi/protection/network/ownership/verify',
    backend: 'impapi',
    module: 'ipP',
    access: 'operation',
    note: 'issue #35',
  },
  // ownership proofs of protected website names (issue #35, docs/websites.md)
  {
    method: 'POST',
    path: '/impapi/protection/application/ownership/challenge',
    backend: 'impapi',
    module: 'website',
    access: 'operation',
    note: 'issue #35',
  },
  {
    method: 'POST',
    path: '/impapi/protection/application/ownership/verify',
    backend: 'impapi',
    module: 'website',
    access: 'operation',
    note: 'issue #35',
  },
  // the edge nodes serving the domains, offline ones named (issue #33, docs/edge.md)
  { method: 'GET', path: '/api/domain/edgeNodes', backend: 'api', module: 'domain', access: 'view', note: 'issue #33' },
];

/** The contract's rows and the extras: every call the security tests enumerate. */
export const coveredRows = (): ContractRow[] => [...contractRows(), ...EXTRA_ROWS];

/** '/api/es/count/{variant}' → a regex that matches ':variant' or a literal segment. */
export function pattern(p: string): RegExp {
  const body = p
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '(?::[A-Za-z0-9_]+|[A-Za-z0-9_.-]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}/?$`);
}
