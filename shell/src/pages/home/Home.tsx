import { useStore } from '@nanostores/react';
import { startTransition, useEffect, useRef, useState } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { $board, $onboarded } from '@lifeboard/shared/stores/board';
import { $session } from '@lifeboard/shared/stores/session';
import { remoteLoadErrorCode } from '../../remotes/fallback';
import { areas } from '../../remotes/remotes';
import type { AreaName } from '../../remotes/remotes';
import { loadWidgetsOf, widgetAreas } from './area-widgets';
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

/** Calls `show` once `element` comes near the screen; returns the way to stop watching. */
export type WhenInView = (element: Element, show: () => void) => () => void;

/**
 * Below the fold an area's widgets (its code and their data) wait until their place is on screen: a phone's first
 * screen shows the greeting, the links and the first area's widgets at most. Each place is about a widget's height
 * (home.css), so the ones further down stay off screen and the page does not jump when they arrive.
 */
const whenNearScreen: WhenInView = (element, show) => {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      show();
    },
    { threshold: 0 },
  );
  observer.observe(element);
  return () => observer.disconnect();
};

export interface HomeProps {
  /** Loads one area's widgets (each call a fresh load, which Retry relies on); tests pass their own. */
  loadWidgets?: (area: AreaName) => Promise<AreaWidgets>;
  whenInView?: WhenInView;
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

/**
 * One area's widgets: a placeholder until it comes near the screen, then the area's cards (their data is /home's
 * one request, `shared/stores/home.ts`, asked for with the first of them), or a notice if the area is down.
 */
function AreaWidgetSlot({
  area,
  load,
  whenInView,
}: {
  area: AreaName;
  load: (area: AreaName) => Promise<AreaWidgets>;
  whenInView: WhenInView;
}) {
  const [loaded, setLoaded] = useState<AreaWidgets | null>(null);
  const placeholder = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    if (!element) return undefined;
    let live = true;
    const stop = whenInView(element, () => {
      void import('@lifeboard/shared/stores/home').then(({ loadHome }) => loadHome($board.get().id));
      void load(area).then((widgets) => {
        // Rendered as a transition: in slices, not one long task.
        if (live) startTransition(() => setLoaded(widgets));
      });
    });
    return () => {
      live = false;
      stop();
    };
  }, [area, load, whenInView]);

  if (!loaded)
    return (
      <section
        ref={placeholder}
        className="lb-widget lb-widget--pending"
        aria-busy="true"
        aria-label={areas[area].label}
      >
        <h2>{areas[area].label}</h2>
      </section>
    );
  if (loaded.error !== undefined)
    return <UnavailableWidgets entry={loaded} onRetry={() => load(area).then(setLoaded)} />;
  return loaded.widgets.map(({ id, title, Component }) => (
    <section key={id} className="lb-widget" aria-label={`${loaded.label}: ${title}`}>
      <h2>{title}</h2>
      <Component />
    </section>
  ));
}

/** `/home`: a greeting, the board, the shell's own widgets (quick links, checklist) and the areas'. */
export default function Home({
  loadWidgets = loadWidgetsOf,
  whenInView = whenNearScreen,
  now = new Date(),
}: HomeProps) {
  const { user } = useStore($session);
  const board = useStore($board);
  const onboarded = useStore($onboarded);

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
        {widgetAreas.map((area) => (
          <AreaWidgetSlot key={area} area={area} load={loadWidgets} whenInView={whenInView} />
        ))}
      </div>
    </div>
  );
}
