import { configReady } from '../stores/config';
import { storedToken } from './client';
import { problemOf } from './use-api-get';

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** Splits server-sent events out of text as it arrives; answers the events complete so far and the rest. */
export function takeEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length === 0) return [];
    try {
      return [{ event, data: JSON.parse(data.join('\n')) as unknown }];
    } catch {
      return [{ event, data: data.join('\n') }];
    }
  });
  return { events, rest };
}

/**
 * POSTs JSON to an API call that answers with server-sent events (an AI reply streaming in) and hands each event
 * to `onEvent` as it arrives. Axios cannot read a body while it streams, so this one call uses fetch, with the
 * same address and token as every other. Answers null when the stream ran, else what the server said went wrong.
 */
export async function postEventStream(
  url: string,
  data: unknown,
  onEvent: (event: StreamEvent) => void,
  signal?: AbortSignal,
): Promise<string | null> {
  let response: Response;
  try {
    const { apiUrl } = await configReady();
    const token = storedToken();
    response = await fetch(`${apiUrl}${url}`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        'X-Requested-With': 'XMLHttpRequest',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(data),
      signal,
    });
  } catch {
    return problemOf(0, null);
  }
  if (!response.ok || !response.body) {
    const body: unknown = await response.json().catch(() => null);
    return problemOf(response.status, body);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const { events, rest } = takeEvents(buffer + value);
    buffer = rest;
    for (const event of events) onEvent(event);
  }
  return null;
}
