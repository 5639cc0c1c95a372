/**
 * Every browser of the suite comes from 127.0.0.1, and files run two at a time: lift the
 * per-address demo sign-up limit, and double the lookups per minute (their own Worker tests
 * cover both at their defaults).
 */
export const E2E_VARS = { DEMO_ACCOUNTS_PER_HOUR: "100000", LOOKUP_LIMIT_PER_MINUTE: "60" };
