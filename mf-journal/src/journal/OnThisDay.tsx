import { Link } from '@lifeboard/shared/lib/router';
import type { ModelRecord } from '@lifeboard/shared/api/resource';
import { excerpt } from '@lifeboard/shared/ui/model/rich-text';
import { displayDay } from './day-groups';
import { entryTitle, sealedTitle } from './EntryList';
import { yearsAgo } from './journal-extras';

/** The entries of this day in earlier years, as Day One's "On this day"; nothing at all when there are none. */
export function OnThisDay({ entries, today }: { entries: ModelRecord<'journal_entry'>[]; today: string }) {
  if (entries.length === 0) return null;
  return (
    <section className="lb-on-this-day" aria-labelledby="lb-on-this-day-title">
      <h3 id="lb-on-this-day-title" className="lb-on-this-day__title">
        On this day
      </h3>
      <ul className="lb-on-this-day__list">
        {entries.map((entry) => {
          const date = String(entry.date ?? entry.created_at.slice(0, 10));
          return (
            <li key={entry.id} className="lb-on-this-day__item">
              <span className="lb-muted">
                {yearsAgo(date, today)} · {displayDay(date)}
              </span>
              {sealedTitle(entry) ? (
                <span>{entryTitle(entry)}</span>
              ) : (
                <Link to={`?entry=${entry.id}`}>{entryTitle(entry)}</Link>
              )}
              {!sealedTitle(entry) && entry.body ? <span className="lb-muted">{excerpt(entry.body, 120)}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
