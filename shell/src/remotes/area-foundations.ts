/**
 * The shared code the areas' first screens run, loaded beside an area's own files. The shell provides it
 * (scripts/federation.ts), so a remote asks for it only once its own code runs: one round trip after its
 * files, and preloading the remote's files alone left it to fetch after the click. Through the shell's share
 * scope these are the very instances the remotes then get. What an area needs is its `foundations` (remotes.ts):
 * - `kit`: the UI kit, the list stores and the date helpers (bespoke screens such as the journal's);
 * - `schema-screens`: that and the schema-driven screens, which describe fields from plain data: the model
 *   registry and zod (≈ 30 kB gzip) load only when a form opens (ModelForm.tsx);
 * - `none`: the admin area, which runs its own screens.
 */
import type { AreaFoundations } from './remotes';

type Importer = () => Promise<unknown>;

const kitImports: readonly Importer[] = [
  () => import('@lifeboard/shared/ui/Button'), // with the whole basic kit: one chunk (scripts/rspack-common.ts)
  () => import('@lifeboard/shared/stores/use-collection'),
  () => import('@lifeboard/shared/stores/data-loaders'),
  () => import('@lifeboard/shared/stores/use-form-draft'),
  () => import('@lifeboard/shared/ui/model/record-cache'),
  () => import('@lifeboard/shared/ui/model/local-date'),
  () => import('@lifeboard/shared/lib/date-display'),
];

const schemaScreenImports: readonly Importer[] = [
  ...kitImports,
  () => import('@lifeboard/shared/ui/ModelScreen'), // with the schema-driven screens: one chunk
];

export function foundationImports(kind: AreaFoundations): readonly Importer[] {
  if (kind === 'schema-screens') return schemaScreenImports;
  if (kind === 'kit') return kitImports;
  return [];
}

const loading = new Map<Importer, Promise<void>>();

/** Loads (once each) what `kind` needs; a failure is logged and retried by the next call. Never rejects. */
export function loadAreaFoundations(
  kind: AreaFoundations,
  imports: readonly Importer[] = foundationImports(kind),
): Promise<void> {
  return Promise.all(
    imports.map((load) => {
      let started = loading.get(load);
      if (!started) {
        started = load().then(
          () => undefined,
          (error: unknown) => {
            loading.delete(load);
            console.info('Shared area code could not be loaded ahead; an area will load it itself', error);
          },
        );
        loading.set(load, started);
      }
      return started;
    }),
  ).then(() => undefined);
}

export function resetAreaFoundationsForTests(): void {
  loading.clear();
}
