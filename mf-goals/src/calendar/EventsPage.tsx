import { ModelForm } from '@lifeboard/shared/ui/ModelForm';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { useState } from 'react';
import { CalendarPage } from './CalendarPage';

/** `/events`: the calendar in agenda view, with a form to add an event (repeats picked from presets). */
export function EventsPage() {
  const [added, setAdded] = useState(0);
  return (
    <div className="lb-stack">
      <Panel title="Add an event" level={2}>
        <ModelForm
          model="event"
          defaults={{ all_day: false }}
          submitLabel="Add event"
          onSaved={() => setAdded((n) => n + 1)}
        />
      </Panel>
      <CalendarPage key={added} initialView="listWeek" />
    </div>
  );
}
