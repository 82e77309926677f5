/**
 * The version a token is issued under and checked against: the later of the last password change and the
 * last "sign out of every device". Moving either revokes every token issued before, and a sign-out does
 * not pretend the password changed. ISO-8601 UTC strings of one format compare as text.
 */
export function sessionVersion(user: {
  password_changed_at: string;
  tokens_valid_after: string | null;
}): string {
  const { password_changed_at: changed, tokens_valid_after: signedOut } = user;
  return signedOut && signedOut > changed ? signedOut : changed;
}
