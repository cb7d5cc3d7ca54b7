/**
 * The roles of spec §3, apart from the user schema (user.ts) so that a screen listing them (the admin's users
 * page) does not load zod.
 */
export const roles = ['user', 'creator', 'admin'] as const;
export type Role = (typeof roles)[number];
