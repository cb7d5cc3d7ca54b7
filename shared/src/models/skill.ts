import { z } from './zod';
import { defineStatement } from './statement';

const level = z.number().int().min(1, 'must be between 1 and 5').max(5, 'must be between 1 and 5');

export const skill = defineStatement('skill', 'skills', 'Skill', 'Skills', { level, target_level: level });
