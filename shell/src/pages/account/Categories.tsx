import { ModelScreen } from '@lifeboard/shared/ui/ModelScreen';

/** `/categories`: the board's categories through the shared schema-driven screen (list, create, search, undo). */
export default function Categories() {
  return (
    <ModelScreen
      model="category"
      title="Categories"
      description="Categories group your habits and activities on this board."
    />
  );
}
