import type { ConfigDb } from './stores/config/db';
import type { TrafficEngine } from './stores/traffic/engine';
import type { PortalCipher } from './lib/cipher';
import type { PortalConfig } from './config';
import type { Access } from '../common/rules/shell/permissions';
import type { ServerMessageKey } from '../i18n/serverMessages';
import type { Envelope } from './lib/envelope';
import type { Backend } from '../common/wire/shell/envelopes';

/** The signed-in user, loaded from the users table on every request. */
export interface SessionUser {
  uid: string;
  username: string;
  role: string;
  account: string;
  permissions: string[];
  /** Accounts a sub-user may act for (empty: its own account tree). */
  accounts: string[];
  isMain: boolean;
  email: string;
}

export interface AccountScope {
  /** Role beginning with 'super': every account. */
  all: boolean;
  /** Accounts visible to the user (its account and descendants); empty when all. */
  accounts: string[];
  has(account: string): boolean;
}

/** Route access: public (no session), session (any signed-in user), or a module right. */
export type RouteAccess = 'public' | 'session' | Access;

/** One served backend route with its declared permission (for the contract test). */
export interface RouteDeclaration {
  method: string;
  url: string;
  module: string;
  access: string;
  /** The backend folder that owns the route (server/routes/<backend>/). */
  backend: Backend;
  /** The route's validation schema (body, querystring, params), for the security fuzz test. */
  schema?: import('fastify').FastifySchema;
}

/** A backend route folder: the URL prefix it owns and its envelope (server/routes/backend.ts). */
export interface BackendOwner {
  name: Backend;
  prefix: string;
  envelope: Envelope;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteDeclaration[];
    /** Every backend folder registered so far (for answers no route owns: not found). */
    backends: BackendOwner[];
    /** The backend folder a plugin belongs to (an encapsulated decoration; absent outside one). */
    backend?: BackendOwner;
    config: PortalConfig;
    db: ConfigDb;
    traffic: TrafficEngine;
    cipher: PortalCipher;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
    lang: 'zh' | 'en';
    /** Localised server message. */
    t(key: ServerMessageKey): string;
    /** The caller's account scope (cached per request). */
    scope(): Promise<AccountScope>;
  }
  interface FastifyContextConfig {
    /** Permission module of the contract row ('-' for none), e.g. 'domain' or 'log:top'. */
    module?: string;
    access?: RouteAccess;
  }
}
