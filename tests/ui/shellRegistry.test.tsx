import { describe, expect, it } from 'vitest';
import { availablePaths, menuEntries, resourceModules, resources } from '../../src/registry';
import { WEBSITE_POLICY_RESOURCE, WEBSITE_RESOURCE, WEBSITE_RULE_RESOURCE } from '../../dataProviders/impapi/websites';
import { CONTACT_RESOURCE, GROUP_MEMBER_RESOURCE, GROUP_RESOURCE } from '../../dataProviders/monit/monitoring';
import { buildProvider } from '../../dataProviders';
import { websitesModule } from '../../dataProviders/impapi/websites';
import { monitModule } from '../../dataProviders/monit/monitoring';

/** Sub-resources (#23): registered resources with their parent's permission module, but no menu entry and no landing page. */
describe('registry: sub-resources', () => {
  /** shown through ReferenceManyField: getManyReference */
  const subs = [
    [WEBSITE_POLICY_RESOURCE, WEBSITE_RESOURCE, 'website'],
    [WEBSITE_RULE_RESOURCE, WEBSITE_RESOURCE, 'website'],
    [GROUP_MEMBER_RESOURCE, CONTACT_RESOURCE, 'cloudMonit'],
  ] as const;
  /** shown with a List of their own inside the parent's screen */
  const listed = [[GROUP_RESOURCE, CONTACT_RESOURCE, 'cloudMonit']] as const;

  it.each([...subs, ...listed])('%s is a resource of %s, checked by module %s, with no menu entry or path', (name, parent, module) => {
    expect(resources.find((r) => r.name === name)?.parent).toBe(parent);
    expect(resourceModules[name]).toBe(module);
    expect(menuEntries.some((e) => e.path === `/${name}`)).toBe(false);
    expect(availablePaths.has(`/${name}`)).toBe(false);
    expect(menuEntries.some((e) => e.path === `/${parent}`)).toBe(true);
  });

  it('every sub-resource has a data provider with getManyReference', async () => {
    const dp = buildProvider({ websites: websitesModule, monit: monitModule });
    for (const [name] of subs) {
      // the wrong target is refused by the resource's own getManyReference, not by the "not supported" filler
      await expect(
        dp.getManyReference(name, {
          target: 'nothing',
          id: 1,
          pagination: { page: 1, perPage: 1 },
          sort: { field: 'id', order: 'ASC' },
          filter: {},
        }),
      ).rejects.toThrow(`${name}: getManyReference by 'nothing' is not supported`);
    }
  });

  it('a listed sub-resource has a data provider with getList, getOne, create, update and delete of its own', () => {
    const modules = { websites: websitesModule, monit: monitModule };
    for (const [name] of listed) {
      const own = Object.values(modules)
        .map((m) => (m.resources as Record<string, Record<string, unknown>>)[name])
        .find(Boolean);
      for (const method of ['getList', 'getOne', 'create', 'update', 'delete'])
        expect(typeof own?.[method], `${name}.${method}`).toBe('function');
    }
  });
});
