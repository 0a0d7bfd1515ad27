import { lazy } from 'react';
import { Authenticated } from 'react-admin';
import { Route } from 'react-router-dom';

/**
 * The policy and rule pages, routed under the website (children of its Resource, so paths are
 * relative to /dcdn/website): …/:id/policies/create, …/:id/policies/:policyId, same for rules.
 */
const PolicyPage = lazy(() => import('./PolicyPage').then((m) => ({ default: m.PolicyPage })));
const RulePage = lazy(() => import('./RulePage').then((m) => ({ default: m.RulePage })));

export const websiteRoutes = [
  <Route
    key="policy-create"
    path=":id/policies/create"
    element={
      <Authenticated>
        <PolicyPage />
      </Authenticated>
    }
  />,
  <Route
    key="policy-edit"
    path=":id/policies/:policyId"
    element={
      <Authenticated>
        <PolicyPage />
      </Authenticated>
    }
  />,
  <Route
    key="rule-create"
    path=":id/rules/create"
    element={
      <Authenticated>
        <RulePage />
      </Authenticated>
    }
  />,
  <Route
    key="rule-edit"
    path=":id/rules/:ruleId"
    element={
      <Authenticated>
        <RulePage />
      </Authenticated>
    }
  />,
];
