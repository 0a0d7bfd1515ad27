import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import { TOP_MENU, type AreaKey } from '../common/rules/shell/permissions';

/** A react-admin resource of an area (its list, create, edit and show screens). */
export interface PortalResource {
  /** The route path without its leading slash, e.g. 'cdn/domain' (spec routes). */
  name: string;
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  /** Further routes of the resource (<Route> elements, paths relative to the resource's). */
  children?: ReactNode;
  icon?: ComponentType;
  recordRepresentation?: string | ((record: RaRecord) => string);
  /**
   * Set on a sub-resource (e.g. a website's policies): the name of the resource whose screens show
   * its records (ReferenceManyField on its getManyReference, or a List of its own inside the parent's
   * screen, as the contact groups on the contacts screen). A sub-resource is still a <Resource>
   * (canAccess by its module, label, record representation) but has no menu entry, no landing page
   * and no route of its own. Declare one with subResource().
   */
  parent?: string;
  options: {
    /** Permission module (portal:<module>:...). */
    module: string;
    area: AreaKey;
    /** i18n key of the menu label. */
    label: string;
  };
}

/** A custom page (charts, analysis, forms that are not a resource). */
export interface PortalPage {
  /** The route path without its leading slash, e.g. 'cdn/newoverview'. */
  path: string;
  module: string;
  area: AreaKey;
  /** i18n key of the menu label. */
  label: string;
  icon?: ComponentType;
  component: LazyExoticComponent<ComponentType> | ComponentType;
  /** opens for any right of its module (a log-tab right alone: the analysis screens); default: its view right (RequireModule) */
  anyRight?: boolean;
}

/** What each resources/<area>/index.ts default-exports (checked with `satisfies`): the area's resources and custom pages. */
export interface PortalArea {
  resources: PortalResource[];
  pages: PortalPage[];
}

/**
 * A sub-resource of `parent` (see PortalResource.parent): same permission module and area, its own
 * name and label (the i18n key react-admin uses when it names the resource); views only if it has
 * screens of its own.
 */
export function subResource(
  parent: PortalResource,
  name: string,
  label: string,
  extra: Partial<Omit<PortalResource, 'name' | 'parent' | 'options'>> = {},
): PortalResource {
  return { ...extra, name, parent: parent.name, options: { ...parent.options, label } };
}

/** A screen loaded on demand, e.g. `() => import('./DomainList').then((m) => m.DomainList)` (its own chunk). */
export type ViewLoader = () => Promise<ComponentType>;

const lazyView = (load: ViewLoader) => lazy(() => load().then((view) => ({ default: view })));

/** The area of a route path: its first segment ('cdn/domain' → 'cdn'), one of the top menu's. */
function areaOf(path: string): AreaKey {
  const area = TOP_MENU.find((m) => path.startsWith(`${m.area}/`))?.area;
  if (!area) throw new Error(`'${path}' is in no area of the top menu`);
  return area;
}

/**
 * A resource at /<name> with its permission module, menu icon and record representation (undefined: react-admin's
 * default): its area is the path's first segment, its menu label `resources.<name>.menu`; each view loads on demand.
 */
export function portalResource(
  name: string,
  module: string,
  icon: ComponentType,
  recordRepresentation: PortalResource['recordRepresentation'],
  views: Partial<Record<'list' | 'create' | 'edit' | 'show', ViewLoader>>,
): PortalResource {
  const screens = Object.fromEntries(Object.entries(views).map(([kind, load]) => [kind, lazyView(load)]));
  const options = { module, area: areaOf(name), label: `resources.${name}.menu` };
  return { name, ...screens, icon, ...(recordRepresentation === undefined ? {} : { recordRepresentation }), options };
}

/** A custom page at /<path> with its permission module: area and menu label (`pages.<path>.menu`) as for portalResource. */
export function portalPage(path: string, module: string, icon: ComponentType, load: ViewLoader): PortalPage {
  return { path, module, area: areaOf(path), label: `pages.${path}.menu`, icon, component: lazyView(load) };
}
