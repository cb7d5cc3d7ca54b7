/**
 * The shared code the areas' first screens run: the schema-driven UI kit, the model registry, and the stores
 * and helpers more than one area imports. The shell
 * provides them (scripts/federation.ts), so a remote asks for them only once its own code runs: one round trip
 * after its files, and preloading the remote's files alone left them to fetch after the click (measured: the
 * kit and registry chunks arrived 120–330 ms after a "preloaded" click). Loading them beside the remote's
 * files, when an area is preloaded and on a first visit, takes them off the click's critical path.
 * Through the shell's share scope these are the very instances the remotes then get. The list is what two or
 * more of the four user areas import; the admin area does not load it (load-area.ts).
 */
type Importer = () => Promise<unknown>;

const foundationImports: readonly Importer[] = [
  () => import('@lifeboard/shared/ui/ModelScreen'), // with the whole kit: one chunk (scripts/rspack-common.ts)
  () => import('@lifeboard/shared/models'),
  () => import('@lifeboard/shared/stores/use-collection'),
  () => import('@lifeboard/shared/stores/data-loaders'),
  () => import('@lifeboard/shared/stores/use-form-draft'),
  () => import('@lifeboard/shared/ui/model/record-cache'),
  () => import('@lifeboard/shared/ui/model/local-date'),
  () => import('@lifeboard/shared/lib/date-display'),
];

let loading: Promise<void> | null = null;

/** Loads (once) the kit and the registry; a failure is logged and retried by the next call. */
export function loadAreaFoundations(imports: readonly Importer[] = foundationImports): Promise<void> {
  loading ??= Promise.all(imports.map((load) => load())).then(
    () => undefined,
    (error: unknown) => {
      loading = null;
      console.info('The shared area code could not be loaded ahead; an area will load it itself', error);
    },
  );
  return loading;
}

export function resetAreaFoundationsForTests(): void {
  loading = null;
}
