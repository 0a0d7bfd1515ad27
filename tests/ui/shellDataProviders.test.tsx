import { describe, expect, expectTypeOf, it } from 'vitest';
import type { HostCountReply } from '../../common/wire/hosts';
import type { PurgeQuota } from '../../common/wire/purge';
import { buildProvider, dataProvider } from '../../dataProviders';

describe('data provider modules', () => {
  it('the real modules merge without a name defined twice', () => {
    expect(typeof dataProvider.getList).toBe('function');
  });

  it('custom methods of modules declared as ProviderModule<M> keep their types (checked by tsc, not any)', () => {
    expectTypeOf<ReturnType<typeof dataProvider.hostCount>>().toEqualTypeOf<Promise<HostCountReply>>();
    expectTypeOf<Awaited<ReturnType<typeof dataProvider.purgeQuota>>>().toEqualTypeOf<PurgeQuota | undefined>();
  });

  it('refuses at start a custom method or a resource that two modules define', () => {
    const a = { methods: { purgeQuota: async () => 1 } };
    expect(() => buildProvider({ a, b: { methods: { purgeQuota: async () => 2 } } })).toThrow(
      "method 'purgeQuota' is defined by both 'a' and 'b'",
    );
    expect(() => buildProvider({ a: { methods: { getList: async () => 1 } } })).toThrow(
      "method 'getList' is defined by both 'react-admin' and 'a'",
    );
    expect(() => buildProvider({ a: { resources: { hosts: {} } }, b: { resources: { hosts: {} } } })).toThrow(
      "resource 'hosts' is defined by both 'a' and 'b'",
    );
  });
});
