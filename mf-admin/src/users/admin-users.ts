import { useEffect, useState } from 'react';
import { isSuccessStatus, send } from '@lifeboard/shared/api/client';
import { problemOf } from '@lifeboard/shared/api/use-api-get';
import type { roles } from '@lifeboard/shared/models/user';

export type Role = (typeof roles)[number];

export interface AdminUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  created_at: string;
  /** An ISO instant while the account is suspended; null or absent otherwise. */
  suspended_at?: string | null;
}

/** One account as `/admin/users/:id` shows it (`GET /api/admin/users/:id`): never what they wrote. */
export interface AdminUserDetail extends AdminUser {
  boards: { id: number; name: string; created_at: string }[];
  programs_bought: {
    subscription_id: number;
    program_id: number;
    title: string | null;
    status: 'active' | 'cancelled';
    created_at: string;
  }[];
  programs_sold: { program_id: number; title: string; status: string; sales: number }[];
  devices: { id: number; name: string; created_at: string; last_used_at: string; revoked_at: string | null }[];
}

export function readUserDetail(body: unknown): AdminUserDetail | null {
  const user = typeof body === 'object' && body !== null ? (body as { user?: unknown }).user : undefined;
  if (!isAdminUser(user)) return null;
  const detail = user as AdminUserDetail;
  return Array.isArray(detail.boards) && Array.isArray(detail.devices) && Array.isArray(detail.programs_bought)
    ? detail
    : null;
}

/** An admin action on one account; null when done, else what the server said went wrong. */
export async function adminUserAction(
  action: 'suspend' | 'password-reset' | 'delete',
  data: Record<string, unknown>,
): Promise<string | null> {
  const { status, body } = await send({ method: 'POST', url: `/api/admin/users/${action}`, data });
  return isSuccessStatus(status) ? null : problemOf(status, body);
}

export interface AuditEntry {
  id: number;
  at: string;
  actor_id: number | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  detail: Record<string, unknown>;
}

export function readAuditPage(body: unknown): { entries: AuditEntry[]; next_cursor: number | null } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { entries, next_cursor: next } = body as { entries?: unknown; next_cursor?: unknown };
  if (!Array.isArray(entries)) return null;
  return { entries: entries as AuditEntry[], next_cursor: typeof next === 'number' ? next : null };
}

function isAdminUser(value: unknown): value is AdminUser {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AdminUser).id === 'number' &&
    typeof (value as AdminUser).email === 'string'
  );
}

/** Every user, reading `GET /api/admin/users` page by page (100 per page, by id); null when refused or down. */
export async function fetchAllUsers(maxPages = 50): Promise<AdminUser[] | null> {
  const all: AdminUser[] = [];
  let after = 0;
  for (let page = 0; page < maxPages; page++) {
    const { status, body } = await send({ method: 'GET', url: '/api/admin/users', params: { after } });
    const users = typeof body === 'object' && body !== null ? (body as { users?: unknown }).users : undefined;
    if (!isSuccessStatus(status) || !Array.isArray(users)) return page === 0 ? null : all;
    const batch = users.filter(isAdminUser);
    all.push(...batch);
    if (batch.length < 100) break;
    after = batch[batch.length - 1].id;
  }
  return all;
}

export async function setUserRole(id: number, role: Role): Promise<boolean> {
  const { status } = await send({ method: 'POST', url: '/api/admin/users/role', data: { id, role } });
  return isSuccessStatus(status);
}

/** The user list for admin screens, with a reload after changes. */
export function useAdminUsers(): {
  users: AdminUser[] | null;
  failed: boolean;
  reload: () => void;
  replace: (user: AdminUser) => void;
} {
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setFailed(false);
    void fetchAllUsers().then((list) => {
      if (!live) return;
      setUsers(list ?? []);
      setFailed(list === null);
    });
    return () => {
      live = false;
    };
  }, [attempt]);
  return {
    users,
    failed,
    reload: () => setAttempt((n) => n + 1),
    replace: (user) => setUsers((list) => (list ?? []).map((u) => (u.id === user.id ? user : u))),
  };
}
