import { z } from './zod';
import { defineStatement } from './statement';

export const resolution = defineStatement('resolution', 'resolutions', 'Resolution', 'Resolutions', {
  year: z.number().int().min(1900).max(2200),
  status: z.enum(['open', 'kept', 'broken']),
});
