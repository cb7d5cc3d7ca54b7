import { useEffect, useState } from 'react';
import { send, isSuccessStatus } from '@lifeboard/shared/api/client';
import type { ModelRecord } from '@lifeboard/shared/api/resource';

/** A listed program, with its author's name (the catalogue's answer carries it). */
export type Program = ModelRecord<'program'> & { author_name?: string };

/** What the catalogue is narrowed to: words (title, description, author) and a category. */
export interface CatalogueFilter {
  search?: string;
  category?: string;
}

function isProgram(value: unknown): value is Program {
  return typeof value === 'object' && value !== null && typeof (value as Program).id === 'number';
}

/** The published catalogue (`POST /api/program/published`); null until it answers, [] when it could not. */
export function usePublishedPrograms(filter: CatalogueFilter = {}): {
  programs: Program[] | null;
  failed: boolean;
  reload: () => void;
} {
  const { search = '', category = '' } = filter;
  const [programs, setPrograms] = useState<Program[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setFailed(false);
    const data = { ...(search ? { search } : {}), ...(category ? { category } : {}) };
    void send({ method: 'POST', url: '/api/program/published', data }).then(({ status, body }) => {
      if (!live) return;
      const list = typeof body === 'object' && body !== null ? (body as { programs?: unknown }).programs : undefined;
      if (isSuccessStatus(status) && Array.isArray(list)) setPrograms(list.filter(isProgram));
      else {
        setPrograms([]);
        setFailed(true);
      }
    });
    return () => {
      live = false;
    };
  }, [attempt, search, category]);
  return { programs, failed, reload: () => setAttempt((n) => n + 1) };
}
