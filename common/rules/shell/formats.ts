/** Text formats shared by the browser's validators and the server's checks (one place each). */

/** A pragmatic address check: one @, no spaces, a dot in the domain part. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const EMAIL_MAX_LENGTH = 254;

/** Sign-in names: 3–32 letters, digits, underscore, dot or hyphen. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
