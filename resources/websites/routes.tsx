import { lazy } from 'react';
import { Authenticated } from 'react-admin';
import { Route } from 'react-router-dom';

/**
 * The policy and rule pages, routed under the website (children of its Resource, so paths are
 * relative to /dcdn/website): …/:id/policies/create, …/:id/policies/:policyId, same for rules.
 */
const PolicyPage = lazy(() => import('./PolicyPage').then((m) => ({ default: m.PolicyPage })));
const RulePage = lazy(() => import('./RulePage').then((m) => ({ default: m.RulePage })));

const PAGES = [
  ['policy-create', ':id/policies/create', PolicyPage],
  ['policy-edit', ':id/policies/:policyId', PolicyPage],
  ['rule-create', ':id/rules/create', RulePage],
  ['rule-edit', ':id/rules/:ruleId', RulePage],
] as const;

export const websiteRoutes = PAGES.map(([key, path, Page]) => (
  <Route
    key={key}
    path={path}
    element={
      <Authenticated>
        <Page />
      </Authenticated>
    }
  />
));
