/** Minimum password length (configuration spec §9). */
export const PASSWORD_MIN_LENGTH = 8;

/**
 * The documented strength rule, shared by the browser and the server: at least 8 characters and
 * at least three of the four classes upper-case, lower-case, digit, other.
 */
export function passwordStrongEnough(password: string): boolean {
  if (password.length < PASSWORD_MIN_LENGTH) return false;
  const classes = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  return classes >= 3;
}
