import { Type } from '@sinclair/typebox';
import { NONCE_PATTERN } from '../../../../common/rules/edge';

/** Fastify schemas of the edge protocol's calls (common/wire/edge.ts has the types the node uses). */

const Name = Type.String({ minLength: 1, maxLength: 253 });
const Version = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });
const Revision = Type.Integer({ minimum: 0 });
const Message = Type.String({ maxLength: 4000 });

/** Every call carries the four signature headers; the hook checks them, the schema only bounds them. */
export const SignatureHeaders = Type.Object({
  'x-edge-node': Type.String({ minLength: 1, maxLength: 253 }),
  'x-edge-timestamp': Type.String({ pattern: '^[0-9]{1,16}$' }),
  'x-edge-nonce': Type.String({ pattern: NONCE_PATTERN.source }),
  'x-edge-signature': Type.String({ pattern: '^[0-9a-f]{64}$' }),
});

export const RegisterBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' }),
    version: Type.String({ maxLength: 200 }),
    listen: Type.String({ maxLength: 200 }),
    tlsListen: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);

export const ConfigQuery = Type.Object({ revision: Type.Optional(Revision) });

export const AppliedBody = Type.Object(
  {
    revision: Revision,
    applied: Type.Array(Type.Object({ name: Name, version: Version }), { maxItems: 200_000 }),
    failed: Type.Array(Type.Object({ name: Name, version: Version, message: Message }), { maxItems: 200_000 }),
  },
  { additionalProperties: false },
);

export const HeartbeatBody = Type.Object(
  { revision: Revision, uptimeSeconds: Type.Number({ minimum: 0 }) },
  { additionalProperties: false },
);

export const ResultsBody = Type.Object(
  {
    results: Type.Array(
      Type.Object({
        id: Type.Integer({ minimum: 1 }),
        status: Type.Union([Type.Literal('verified'), Type.Literal('failed')]),
        reason: Type.Optional(Type.String({ maxLength: 2000 })),
        httpStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
        bytes: Type.Optional(Type.Integer({ minimum: 0 })),
        elapsedMs: Type.Optional(Type.Integer({ minimum: 0 })),
        evicted: Type.Optional(Type.Integer({ minimum: 0 })),
      }),
      { maxItems: 10_000 },
    ),
  },
  { additionalProperties: false },
);

export const LogsQuery = Type.Object({
  stream: Type.Union([Type.Literal('access'), Type.Literal('security')]),
  file: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._-]+$' }),
  offset: Type.Integer({ minimum: 0 }),
});
