import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  UpdateParams,
} from 'react-admin';

/** A page of a resource's records, as getList and getManyReference answer it. */
export interface ListPage<T> {
  data: T[];
  total: number;
}

/**
 * The calls that serve one resource whose records are T. Each answers the record(s) itself; `crud`
 * wraps them into react-admin's methods ({data}, {data, total}).
 */
export interface Crud<T extends { id: Identifier }> {
  getList?: (params: GetListParams) => Promise<ListPage<T>>;
  getOne?: (params: GetOneParams) => Promise<T>;
  getMany?: (params: GetManyParams) => Promise<T[]>;
  /** `resource` names the resource in errors (an unsupported target). */
  getManyReference?: (params: GetManyReferenceParams, resource: string) => Promise<ListPage<T>>;
  create?: (params: CreateParams) => Promise<T>;
  update?: (params: UpdateParams) => Promise<T>;
  /** Answers the deleted record, or nothing: then the previous data is answered (or `{ id }` without it). */
  delete?: (params: DeleteParams) => Promise<T | void>;
  /** Deletes every id; the ids are answered. */
  deleteMany?: (params: DeleteManyParams) => Promise<void>;
}

/**
 * A resource's methods as react-admin's DataProvider wants them. react-admin's methods are generic in
 * the record type the caller asks for (`getList<R>`): this is the one place that states the records
 * of a resource are its T, so the providers themselves need no casts.
 */
export function crud<T extends { id: Identifier }>(calls: Crud<T>): Partial<DataProvider> {
  const methods: Record<string, (resource: string, params: never) => Promise<unknown>> = {};
  const { getList, getOne, getMany, getManyReference, create, update, delete: remove, deleteMany } = calls;
  if (getList) methods.getList = (_r: string, params: GetListParams) => getList(params);
  if (getOne) methods.getOne = async (_r: string, params: GetOneParams) => ({ data: await getOne(params) });
  if (getMany) methods.getMany = async (_r: string, params: GetManyParams) => ({ data: await getMany(params) });
  if (getManyReference) methods.getManyReference = (r: string, params: GetManyReferenceParams) => getManyReference(params, r);
  if (create) methods.create = async (_r: string, params: CreateParams) => ({ data: await create(params) });
  if (update) methods.update = async (_r: string, params: UpdateParams) => ({ data: await update(params) });
  if (remove) {
    methods.delete = async (_r: string, params: DeleteParams) => ({
      data: (await remove(params)) ?? params.previousData ?? { id: params.id },
    });
  }
  if (deleteMany) {
    methods.deleteMany = async (_r: string, params: DeleteManyParams) => {
      await deleteMany(params);
      return { data: params.ids };
    };
  }
  return methods as Partial<DataProvider>;
}

/**
 * The `updateTime` an update's record was read at (react-admin's previousData), sent with the update
 * so that the server refuses it with code "409" if someone changed the record since (issue #35 item 4).
 */
export function readAt(params: Pick<UpdateParams, 'previousData'>): { updateTime?: string } {
  const time: unknown = (params.previousData as { updateTime?: unknown } | undefined)?.updateTime;
  return typeof time === 'string' && time ? { updateTime: time } : {};
}

/** The react-admin filter object as a plain record. */
export const filterOf = (params: Pick<GetListParams, 'filter'>): Record<string, unknown> =>
  (params.filter ?? {}) as Record<string, unknown>;

/** A filter value as trimmed text, or undefined when it is not a non-blank string. */
export const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** A filter's date-time string as seconds since the epoch (undefined when empty or unreadable). */
export const seconds = (v: unknown): number | undefined =>
  typeof v === 'string' && v ? Math.floor(new Date(v).getTime() / 1000) || undefined : undefined;

/** One page of a whole list (pages count from 1; without a page size, the whole list is one page). */
export function slicePage<T>(all: T[], pagination: GetListParams['pagination'] | undefined, defaultPerPage = all.length): ListPage<T> {
  const { page = 1, perPage = defaultPerPage } = pagination ?? {};
  return { data: all.slice((page - 1) * perPage, page * perPage), total: all.length };
}

/** getOne and getMany answered from a whole list (small lists the server sends in one reply). */
export function fromList<T extends { id: Identifier }>(all: () => Promise<T[]>): Required<Pick<Crud<T>, 'getOne' | 'getMany'>> {
  return {
    async getOne(params) {
      const found = (await all()).find((x) => String(x.id) === String(params.id));
      if (!found) throw new Error('ra.notification.item_doesnt_exist');
      return found;
    },
    async getMany(params) {
      const ids = new Set(params.ids.map(String));
      return (await all()).filter((x) => ids.has(String(x.id)));
    },
  };
}
