import { ModelScreen } from '@lifeboard/shared/ui/ModelScreen';
import type { CollectionRoute } from './collection-routes';

/** One collection's page: the kit's screen with this collection's defaults and filter. */
export function CollectionScreen({ route }: { route: CollectionRoute }) {
  return (
    <ModelScreen
      model={route.model}
      description={route.description}
      defaults={route.defaults}
      filterField={route.filterField}
    />
  );
}
