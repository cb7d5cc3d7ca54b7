import { call } from './call';

export interface Muscle {
  id: number;
  name: string;
  group?: string;
  side?: 'front' | 'back';
  [key: string]: unknown;
}

export const fetchMuscles = () =>
  call(
    'POST',
    '/api/muscle/all',
    undefined,
    (body) => (Array.isArray(body.muscles) ? (body.muscles as Muscle[]) : undefined),
    {
      loadsData: true,
      needsSuccess: true,
    },
  );
