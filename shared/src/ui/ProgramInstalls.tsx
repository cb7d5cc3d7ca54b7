import { Fragment } from 'react';
import type { ReactNode } from 'react';

type Titled = readonly { title: string }[] | undefined;

const kinds = [
  ['goals', 'Goals'],
  ['habits', 'Habits'],
  ['routines', 'Routines'],
] as const;

/**
 * What a program puts on a subscriber's board, by kind (goals, habits, routines): the buyer's program page and the
 * admin's review show the same lists. `empty` stands in when it installs none of them.
 */
export function ProgramInstalls({
  template,
  empty,
}: {
  template: { goals?: Titled; habits?: Titled; routines?: Titled };
  empty: ReactNode;
}) {
  const shown = kinds.flatMap(([kind, heading]) => {
    const items = template[kind];
    return items?.length ? [{ kind, heading, items }] : [];
  });
  if (!shown.length) return <>{empty}</>;
  return (
    <>
      {shown.map(({ kind, heading, items }) => (
        <Fragment key={kind}>
          <h3>{heading}</h3>
          <ul>
            {items.map((item, i) => (
              <li key={i}>{item.title}</li>
            ))}
          </ul>
        </Fragment>
      ))}
    </>
  );
}
