/**
 * The exercise library's levels and categories (api/data/exercises/schema.json), apart from the exercise schema
 * (exercise.ts) so that a screen offering them (the exercise list's filters) does not load zod.
 */
export const exerciseLevels = ['beginner', 'intermediate', 'expert'] as const;
export const exerciseCategories = [
  'strength',
  'powerlifting',
  'olympic weightlifting',
  'strongman',
  'plyometrics',
  'cardio',
  'stretching',
] as const;
