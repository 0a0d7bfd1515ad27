import type { EnginePolicy } from '../../common/rules/websites/engine';
import { emptyAcl } from '../../common/rules/websites/index';

/** Every WAF category blocks the request. */
export const WAF_ALL: EnginePolicy['waf'] = {
  xss: 'block_request',
  sqli: 'block_request',
  rfi: 'block_request',
  illegalResource: 'block_request',
};

/**
 * An engine policy for the tests and benchmarks of website protection (issue #18): enabled, its lists empty,
 * every WAF category blocking, with `over` on top.
 */
export const enginePolicy = (over: Partial<EnginePolicy>): EnginePolicy => ({
  id: 1,
  name: 'p',
  type: 1,
  enabled: true,
  ...emptyAcl(),
  waf: WAF_ALL,
  ...over,
});
