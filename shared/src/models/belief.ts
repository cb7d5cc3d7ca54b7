import { defineStatement } from './statement';

export const belief = defineStatement('belief', 'beliefs', 'Belief', 'Beliefs', {});
