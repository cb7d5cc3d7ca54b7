import { useParams } from '@lifeboard/shared/lib/router';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { updateRecord } from '@lifeboard/shared/ui/model/record-cache';
import { Button } from '@lifeboard/shared/ui/Button';
import { ModelDetailRoute, useRecord } from '@lifeboard/shared/ui/ModelDetail';
import { Panel } from '@lifeboard/shared/ui/Panel';

interface Intake { at: string; note?: string }

function IntakeHistory({ medicine }: { medicine: AnyRecord }) {
  const intakes: Intake[] = Array.isArray(medicine.intakes) ? (medicine.intakes as Intake[]) : [];
  const newest = [...intakes].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Panel title="Intake history">
      <Button variant="primary" onClick={() => void updateRecord('medicine', medicine.id, { intakes: [...intakes, { at: new Date().toISOString() }] })}>Log a dose now</Button>
      {newest.length ? <ul>{newest.slice(0, 50).map((i) => <li key={i.at}>{formatDisplayDate(i.at)}{i.note ? ` — ${i.note}` : ''}</li>)}</ul> : <p>No doses logged yet.</p>}
    </Panel>
  );
}

/** `/drug/:id`: a medicine with its intake history. */
export function DrugDetail() {
  const { id } = useParams();
  const { record } = useRecord('medicine', Number(id));
  return <ModelDetailRoute model="medicine" backHref="/medicines">{record ? <IntakeHistory medicine={record} /> : null}</ModelDetailRoute>;
}
