import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { $board } from '@lifeboard/shared/stores/board';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { checkIn, fetchHabitEntries } from './habit-entries';
import type { HabitEntry } from './habit-entries';
import { habitStrength, meetsTarget } from './habit-strength';

/** Under a habit's detail: today's check-in (done / skip) and its strength over the last 90 days. */
export function HabitCheckIn({ habit }: { habit: AnyRecord }) {
  const board = useStore($board);
  const today = localDate();
  const [entries, setEntries] = useState<HabitEntry[] | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    void fetchHabitEntries(board.id, habit.id, addDays(today, -89), today).then(setEntries);
  }, [board.id, habit.id, today, version]);
  const byDate = new Map((entries ?? []).map((e) => [e.date, e.value]));
  const days = Array.from({ length: 90 }, (_, i) => addDays(today, i - 89));
  const results = days.map((d) => (byDate.has(d) ? meetsTarget(byDate.get(d), habit.kind, habit.target) : false));
  const strength = habitStrength(results, Number(habit.frequency_num ?? 1), Number(habit.frequency_den ?? 1));

  async function record(value: HabitEntry['value']) {
    if (await checkIn(board.id, habit.id, today, value)) setVersion((n) => n + 1);
    else notify({ kind: 'error', message: 'The check-in was not saved.' });
  }

  return (
    <Panel title="Today">
      <p>Today: <strong>{byDate.has(today) ? String(byDate.get(today)) : 'not checked in'}</strong> · strength {Math.round(strength * 100)}%</p>
      <div className="lb-row">
        <Button variant="primary" onClick={() => void record('yes')}>Done today</Button>
        <Button onClick={() => void record('skip')}>Skip today</Button>
      </div>
    </Panel>
  );
}
