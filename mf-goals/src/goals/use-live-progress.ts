import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { fetchGoalProgress, type GoalProgressAnswer } from '@lifeboard/shared/api/goals';
import { $board } from '@lifeboard/shared/stores/board';

/**
 * Each goal's progress as the server works it out now (a goal measured by its habits moves with their check-ins),
 * asked again whenever the board or its goals change; the stored progress stands in until it answers.
 */
export function useLiveProgress(goals: readonly AnyRecord[]): (goal: AnyRecord) => number {
  const board = useStore($board);
  const [live, setLive] = useState<Map<number, GoalProgressAnswer> | null>(null);
  useEffect(() => {
    let current = true;
    void fetchGoalProgress(board.id).then((answer) => {
      if (current) setLive(answer);
    });
    return () => {
      current = false;
    };
  }, [board.id, goals]);
  return (goal) => live?.get(goal.id)?.percent ?? Number(goal.progress ?? 0);
}
