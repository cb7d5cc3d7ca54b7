import { useEffect, useState } from 'react';
import { isSuccessStatus, send } from '@lifeboard/shared/api/client';
import type { roles } from '@lifeboard/shared/models/user';

export type Role = (typeof roles)[number];

export interface AdminUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  created_at: string;
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
