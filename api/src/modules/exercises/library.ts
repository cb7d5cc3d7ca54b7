import { existsSync, readFileSync } from 'node:fs';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { muscles } from '../../db/schema';

/** A built-in's id is this plus its position in exercises.json (api/data/exercises/README.md). */
export const BUILTIN_ID_BASE = 2_000_000_000;

/** One exercise of the Free Exercise DB file, as it is there (api/data/exercises/schema.json). */
interface LibraryExercise {
  id: string;
  name: string;
  force: string | null;
  level: 'beginner' | 'intermediate' | 'expert';
  mechanic: string | null;
  equipment: string | null;
  primaryMuscles: string[];
  secondaryMuscles: string[];
  instructions: string[];
  category: string;
}

export interface MuscleRow {
  id: number;
  name: string;
}

/** A built-in as the API sends it: the fields of the exercise model, with muscles by catalogue id and by name. */
export type BuiltinExercise = {
  id: number;
  name: string;
  muscle_ids: number[];
  secondary_muscle_ids: number[];
  primary_muscles: string[];
  secondary_muscles: string[];
  equipment: string;
  level: string;
  category: string;
  force: string | null;
  mechanic: string | null;
  instructions: string;
  is_builtin: true;
  source_id: string;
};

export interface Library {
  /** The muscle catalogue the ids were taken from. */
  muscles: readonly MuscleRow[];
  exercises: readonly BuiltinExercise[];
  byId(id: number): BuiltinExercise | undefined;
  /** Lower-cased name, equipment and muscles of each, in the same order: what a search matches. */
  haystacks: readonly string[];
}

// `api/data/exercises`, seen from src/modules/exercises/ (sources, tests) or from dist/ (the compiled server).
const dataFile =
  ['../../../data/exercises/exercises.json', '../data/exercises/exercises.json']
    .map((relative) => new URL(relative, import.meta.url))
    .find((candidate) => existsSync(candidate)) ?? new URL('../../../data/exercises/exercises.json', import.meta.url);

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The library, read once per process and kept in memory (about 1 MB): it is the same for every user and ships
 * with the code, so a new version of the file is live at the next start with no migration, and a search is a
 * scan of 873 short strings in memory (bench/README.md) instead of a query per keystroke.
 * Muscle ids come from the catalogue table (their ids differ between databases), matched by name.
 */
export function buildLibrary(raw: LibraryExercise[], catalogue: MuscleRow[]): Library {
  const idOf = new Map(catalogue.map((m) => [m.name.toLowerCase(), m.id]));
  const ids = (names: string[]) => names.map((n) => idOf.get(n)).filter((id): id is number => id !== undefined);
  const exercises = raw.map((e, index): BuiltinExercise => ({
    id: BUILTIN_ID_BASE + index,
    name: e.name,
    muscle_ids: ids(e.primaryMuscles),
    secondary_muscle_ids: ids(e.secondaryMuscles),
    primary_muscles: e.primaryMuscles.map(capitalize),
    secondary_muscles: e.secondaryMuscles.map(capitalize),
    equipment: e.equipment ?? '',
    level: e.level,
    category: e.category,
    force: e.force,
    mechanic: e.mechanic,
    instructions: e.instructions.join('\n'),
    is_builtin: true,
    source_id: e.id,
  }));
  const haystacks = exercises.map((e) =>
    [e.name, e.equipment, ...e.primary_muscles, e.category].join(' ').toLowerCase(),
  );
  return { muscles: catalogue, exercises, haystacks, byId: (id) => exercises[id - BUILTIN_ID_BASE] };
}

export function readLibraryFile(): LibraryExercise[] {
  return JSON.parse(readFileSync(dataFile, 'utf8')) as LibraryExercise[];
}

const loaded = new WeakMap<Db, Promise<Library>>();

/** The library of a database's muscle catalogue, built at the first request that needs it. */
export function libraryOf(db: Db): Promise<Library> {
  let library = loaded.get(db);
  if (!library) {
    library = (async () => {
      const catalogue = await db.select({ id: muscles.id, name: muscles.name }).from(muscles).orderBy(asc(muscles.id));
      // Before the catalogue is seeded there is nothing to name muscles by: not kept, the next request builds again.
      if (catalogue.length === 0) loaded.delete(db);
      return buildLibrary(readLibraryFile(), catalogue);
    })();
    library.catch(() => loaded.delete(db));
    loaded.set(db, library);
  }
  return library;
}

/** The words of a search, each of which must appear (in any order): "bench press" finds "Barbell Bench Press". */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

export function matchesWords(haystack: string, words: string[]): boolean {
  return words.every((word) => haystack.includes(word));
}
