/** An account without an email signed in with Amazon only (the demo too): how /team names it. */
export const NO_EMAIL_MEMBER = "Amazon seller account";

/** A member or audit actor in words: the confirmed email, else what /team calls an Amazon-only account. */
export function memberName(email: string | null): string {
  return email ?? NO_EMAIL_MEMBER;
}
