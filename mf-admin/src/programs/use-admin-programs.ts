import { useEffect, useState } from 'react';
import { problemOf } from '@lifeboard/shared/api/use-api-get';
import type { Load } from '@lifeboard/shared/api/use-api-get';
import { fetchAllPrograms } from './admin-programs';
import type { AdminProgram, ProgramStatus } from './admin-programs';

/** All programs (drafts included) for admin screens, optionally of one status, with a reload. */
export function useAdminPrograms(status: ProgramStatus | '' = ''): Load<AdminProgram[]> & { reload: () => void } {
  const [load, setLoad] = useState<Load<AdminProgram[]>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    void fetchAllPrograms(status).then((result) => {
      if (!live) return;
      setLoad(
        'programs' in result
          ? { state: 'ready', data: result.programs }
          : { state: 'failed', status: result.status, message: problemOf(result.status, result.body) },
      );
    });
    return () => {
      live = false;
    };
  }, [status, attempt]);
  return { ...load, reload: () => setAttempt((n) => n + 1) };
}
