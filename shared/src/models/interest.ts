import { defineStatement } from './statement';

export const interest = defineStatement('interest', 'interests', 'Interest', 'Interests', {});
