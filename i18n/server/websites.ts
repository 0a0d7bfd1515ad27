import { WEBSITE_MESSAGES } from '../../common/rules/websites/index';

/** Server messages of website protection (issue #18): the rule catalogue shared with the forms. */
export default {
  ...WEBSITE_MESSAGES,
} as const;
