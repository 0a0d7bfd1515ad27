import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import type { AreaKey } from '../common/rules/permissions';

/** What each resources/<name>/index.ts default-exports (checked with `satisfies`). */
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
}
