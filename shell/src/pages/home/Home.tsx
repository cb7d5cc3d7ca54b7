import { useStore } from '@nanostores/react';
import { startTransition, useEffect, useState } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { $board, $onboarded } from '@lifeboard/shared/stores/board';
import { $session } from '@lifeboard/shared/stores/session';
import { remoteLoadErrorCode } from '../../remotes/fallback';
import type { AreaName } from '../../remotes/remotes';
import { afterNextPaint } from '@lifeboard/shared/lib/after-paint';
import { loadAreaWidgets, loadWidgetsOf } from './area-widgets';
import type { AreaWidgets } from './area-widgets';
import './home.css';

const quickLinks: readonly [string, string][] = [
  ['/journal', 'Journal'],
  ['/notes', 'Notes'],
  ['/my-goals', 'Goals'],
  ['/habits', 'Habits'],
  ['/planner', 'Planner'],
  ['/calendar', 'Calendar'],
  ['/workouts', 'Workouts'],
  ['/sleep', 'Sleep'],
  ['/programs', 'Programs'],
  ['/data', 'My data'],
  ['/boards', 'Boards'],
  ['/account', 'Account'],
];

function greetingFor(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function hourIn(now: Date, timeZone: string | undefined): number {
  try {
    const text = new Intl.DateTimeFormat('en-GB', {
      hour: 'numeric',
      hourCycle: 'h23',
      ...(timeZone ? { timeZone } : {}),
    }).format(now);
    return Number(text);
  } catch {
    return now.getHours();
  }
}

export interface HomeProps {
  /** Where the remotes' widgets come from; tests pass their own. */
  loadWidgets?: () => Promise<AreaWidgets[]>;
  /** Loads one area's widgets again (the Retry of an area that was down). */
  reloadWidgets?: (area: AreaName) => Promise<AreaWidgets>;
  now?: Date;
}

/** In the place of an area that is down: a small notice, and Retry, which loads the area again without a reload. */
function UnavailableWidgets({ entry, onRetry }: { entry: AreaWidgets; onRetry: () => Promise<void> }) {
  const [isRetrying, setRetrying] = useState(false);
  async function handleRetry() {
    setRetrying(true);
    await onRetry();
    setRetrying(false);
  }
  return (
    <section
      className="lb-widget lb-widget--unavailable"
      aria-label={`${entry.label}: unavailable`}
      data-error-code={remoteLoadErrorCode}
    >
      <h2>{entry.label}</h2>
      <p role="status">{entry.label} widgets could not be loaded right now.</p>
      <button type="button" onClick={() => void handleRetry()} disabled={isRetrying}>
        {isRetrying ? 'Retrying…' : 'Retry'}
      </button>
    </section>
  );
}

/** `/home`: a greeting, the board, the remotes' widgets and the shell's own (date, quick links, checklist). */
export default function Home({
  loadWidgets = loadAreaWidgets,
  reloadWidgets = loadWidgetsOf,
  now = new Date(),
}: HomeProps) {
  const { user } = useStore($session);
  const board = useStore($board);
  const onboarded = useStore($onboarded);
  const [areaWidgets, setAreaWidgets] = useState<AreaWidgets[] | null>(null);

  useEffect(() => {
    let live = true;
    const cancel = afterNextPaint(() => {
      // The widgets render as a transition: in slices, not one long task after the greeting.
      const show = (loaded: AreaWidgets[]) => {
        if (live) startTransition(() => setAreaWidgets(loaded));
      };
      void loadWidgets().then(show, () => show([]));
    });
    return () => {
      live = false;
      cancel();
    };
  }, [loadWidgets]);

  async function retryArea(area: AreaName) {
    const again = await reloadWidgets(area);
    setAreaWidgets((current) => current?.map((entry) => (entry.area === area ? again : entry)) ?? null);
  }

  const timeZone = user?.timezone ?? undefined;
  const firstName = user?.name?.split(' ')[0];
  const checklist: [string, boolean, string][] = [
    ['Finish onboarding', onboarded, '/onboarding'],
    ['Add a tagline', Boolean(user?.tagline), '/account'],
    ['Set your time zone', Boolean(user?.timezone), '/account'],
    ['Name your board', Boolean(board.name) && board.name !== 'Default Board', '/boards'],
  ];

  return (
    <div className="lb-home">
      <header className="lb-home-greeting">
        <h1>
          {greetingFor(hourIn(now, timeZone))}
          {firstName ? `, ${firstName}` : ''}
        </h1>
        <p className="lb-home-date">
          {formatDisplayDate(now, timeZone)} · Board: <strong>{board.name || 'none selected'}</strong>
        </p>
      </header>
      <div className="lb-home-grid">
        <section className="lb-widget" aria-labelledby="home-links">
          <h2 id="home-links">Go to</h2>
          <ul className="lb-quick-links">
            {quickLinks.map(([to, label]) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </section>
        {/* Once every step is done the card has nothing left to offer: it goes. */}
        {checklist.every(([, done]) => done) ? null : (
          <section className="lb-widget" aria-labelledby="home-checklist">
            <h2 id="home-checklist">Getting started</h2>
            <ul className="lb-checklist">
              {checklist.map(([label, done, to]) => (
                <li key={label} data-done={done}>
                  {done ? label : <Link to={to}>{label}</Link>}
                </li>
              ))}
            </ul>
          </section>
        )}
        {areaWidgets?.flatMap((area) =>
          area.error !== undefined
            ? [<UnavailableWidgets key={area.area} entry={area} onRetry={() => retryArea(area.area)} />]
            : area.widgets.map(({ id, title, Component }) => (
                <section key={id} className="lb-widget" aria-label={`${area.label}: ${title}`}>
                  <h2>{title}</h2>
                  <Component />
                </section>
              )),
        )}
      </div>
      {areaWidgets === null && <p role="status">Loading your widgets…</p>}
    </div>
  );
}
