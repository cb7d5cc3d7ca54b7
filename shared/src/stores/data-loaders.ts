import { task } from 'nanostores';
import * as api from '../api/calendar';
import { fetchMuscles } from '../api/muscles';
import { $calendarConnections, $calendarEvents, $muscles } from './data';

/** Loaders of the non-list parts of the per-board store (spec §3, §4, §8). Each resolves to whether it worked. */

let calendarRequests = 0;

/**
 * Events between two `YYYY-MM-DD` dates; a failure empties the list (spec §4, §8). Only the range asked last is
 * shown: an earlier request answering after it (the calendar asks for its first days, then the whole month) would
 * replace the list with fewer days.
 */
export function loadCalendarEvents(startDate: string, endDate: string): Promise<boolean> {
  const request = ++calendarRequests;
  return task(async () => {
    const result = await api.fetchCalendarEvents(startDate, endDate);
    if (request !== calendarRequests) return result.ok;
    if (!result.ok) {
      console.error('Loading calendar events failed:', result.error.message);
      $calendarEvents.set([]);
      return false;
    }
    $calendarEvents.set(result.data);
    return true;
  });
}

/** The subscribed calendars; a failure keeps what was shown and is logged. */
export function loadCalendarConnections(): Promise<boolean> {
  return task(async () => {
    const result = await api.fetchCalendarConnections();
    if (!result.ok) {
      console.error('Loading calendar connections failed:', result.error.message);
      return false;
    }
    $calendarConnections.set(result.data);
    return true;
  });
}

/** The built-in muscle catalogue; a failure keeps what was shown and is logged. */
export function loadMuscles(): Promise<boolean> {
  return task(async () => {
    const result = await fetchMuscles();
    if (!result.ok) {
      console.error('Loading muscles failed:', result.error.message);
      return false;
    }
    $muscles.set(result.data);
    return true;
  });
}
