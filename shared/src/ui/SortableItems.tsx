import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy, CSS, type DragEndEvent } from '../lib/dnd';
import { measureBeforeDragging } from '../lib/sortable-announcements';
import type { ReactNode } from 'react';

function Row({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li ref={setNodeRef} className="lb-row" style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}>
      <button type="button" className="lb-button lb-button--small" aria-label={`Drag ${label} to reorder`} {...attributes} {...listeners}>⠿</button>
      {children}
    </li>
  );
}

/**
 * A list reordered by dragging a row's handle (dnd-kit; the handle also moves with Space and the arrow keys).
 * Loaded only with the screens that reorder (their `lazy-dnd` chunk).
 */
export default function SortableItems({ ids, labels, onMove, render }: { ids: string[]; labels: string[]; onMove: (from: number, to: number) => void; render: (index: number) => ReactNode }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} measuring={measureBeforeDragging} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="lb-stack">{ids.map((id, index) => <Row key={id} id={id} label={labels[index]}>{render(index)}</Row>)}</ol>
      </SortableContext>
    </DndContext>
  );
}

export { arrayMove };
