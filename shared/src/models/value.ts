import { defineStatement } from './statement';

export const value = defineStatement('value', 'values', 'Value', 'Values', {});
