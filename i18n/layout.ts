/**
 * The layout of the client message tree (docs/shell.md, "Texts: one key tree per screen"), checked by
 * tests/unit/shellI18nLayout.test.ts:
 *
 * - `resources.<resource name>.…` — every text of a registered resource: `name`, `menu` (its menu
 *   label), `fields` (react-admin's automatic field labels), its titles, statuses, messages;
 * - `pages.<page path>.…` — the same for a registered custom page (`menu`, title, its texts);
 * - `portal.…` — only the shell (header, sign-in, welcome, area names, the call error catalogue) and
 *   texts shared by screens of several areas (the traffic pages' kit), the keys below;
 * - `ra.…` — react-admin's own.
 *
 * A screen that reuses another screen's components (the dedicated-server list is the VPS list, the
 * online analysis the offline one) keeps its own `menu` (and title) and reads the rest from that
 * screen's tree; a text used by several screens lives with the screen whose records it describes. A
 * sub-resource (shown inside its parent's screens, no menu entry) may keep its texts in the parent's tree.
 */
export const MESSAGE_ROOTS = ['ra', 'resources', 'pages', 'portal'] as const;

/** The only first-level keys under `portal.`: shell texts and texts shared between areas. */
export const SHARED_PORTAL_KEYS = [
  'systemName',
  'version',
  'about',
  'aboutVersion',
  'apiOpen',
  'greeting',
  'logout',
  'language',
  'portrait',
  'areas',
  'login',
  'welcome',
  'errors',
  'common',
  // The traffic pages' kit (range presets, account/domain pickers, loading/empty/retry): cdn and page areas.
  'traffic',
  // The kit's stale-write dialog (issue #35), used by the edit screens of every area.
  'stale',
] as const;
