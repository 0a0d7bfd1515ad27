/**
 * The success code of each backend's envelope {code, data, msg} (spec §7; ARCHITECTURE 'Envelopes'):
 * the server answers with it (server/lib/envelope.ts) and the client's provider folder accepts it
 * (dataProviders/<backend>/http.ts). A missing right is code "403" on every backend.
 */
export const SUCCESS_CODES = {
  api: '0',
  cloud: '0',
  shiro: '0',
  linesapi: '0',
  /** a number; the client also accepts the string "0" (spec §7) */
  impapi: 0,
  monit: '200',
  /** the edge nodes' protocol (issue #33): its answers are the wire types of common/wire/edge.ts, failures {code, data, msg} */
  edgeapi: '0',
} as const;

export type Backend = keyof typeof SUCCESS_CODES;
