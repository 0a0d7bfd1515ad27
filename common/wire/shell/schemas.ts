import { Type, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';

/**
 * Small TypeBox builders the wire schemas share (common/wire/<area>.ts). A file that uses them holds
 * TypeBox values: the browser imports only its types (`import type`), its constants live in
 * common/rules/<area>.
 */

/** One of the listed values. */
export const literals = <T extends string | number>(values: readonly T[]): TUnion<TLiteral<T>[]> =>
  Type.Union(values.map((v) => Type.Literal(v)));
export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const Strings = Type.Array(Type.String());
/** A stored record's id (serial, from 1). */
export const Id = Type.Integer({ minimum: 1 });
/** `{ id }` as a body or as path parameters. */
export const IdObject = Type.Object({ id: Id });

/** A config-store id that must fit its 32-bit serial column (1 to 2^31-1), with its `{ id }` body (nothing else) and path. */
export const Id32 = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export const Id32Body = Type.Object({ id: Id32 }, { additionalProperties: false });
export const Id32Params = Type.Object({ id: Id32 });
/** A time in seconds since the epoch, up to 2100. */
export const EpochSeconds = Type.Integer({ minimum: 0, maximum: 4_102_444_800 });
/** A 1-based page number. */
export const PageNum = Type.Integer({ minimum: 1, maximum: 100_000 });
/** Rows per page, 1 to 1000. */
export const PageSize = Type.Integer({ minimum: 1, maximum: 1000 });
/** The fields of a list reply: its rows and the total count (spread them, then add more). */
export const listFields = <T extends TSchema>(item: T) => ({ list: Type.Array(item), total: Type.Integer() });
/** The fields of a page of a list reply: its rows, the total count and the page number (spread them, then add more). */
export const pageFields = <T extends TSchema>(item: T) => ({ ...listFields(item), pageNum: Type.Integer() });

/**
 * The `updateTime` an update's record was read at (issue #35 item 4, optimistic concurrency): when
 * sent, the write is refused with code "409" if the record changed since; without it the write is not
 * checked (scripts, older clients). An ISO-8601 time as the record's `updateTime` carries it.
 */
export const ReadAtFields = {
  updateTime: Type.Optional(
    Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?(Z|[+-]\\d{2}:\\d{2})$',
      description: 'the updateTime of the record as it was read; a stale one is refused with code "409"',
    }),
  ),
};
