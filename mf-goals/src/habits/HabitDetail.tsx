import { useParams } from '@lifeboard/shared/lib/router';
import { ModelDetailRoute, useRecord } from '@lifeboard/shared/ui/ModelDetail';
import { HabitCheckIn } from './HabitCheckIn';

/** `/habits/:id`: the habit's fields and editor, with today's check-in and its strength. */
export function HabitDetail() {
  const { id } = useParams();
  const { record } = useRecord('habit', Number(id));
  return <ModelDetailRoute model="habit" backHref="/habits">{record ? <HabitCheckIn habit={record} /> : null}</ModelDetailRoute>;
}
