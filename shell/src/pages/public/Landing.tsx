import { Link } from '@lifeboard/shared/lib/router';
import { productAreas } from './areas';
import './public.css';

/** The product as a person sees it: the demo account's screens (WebP in public/screenshots). */
const landingShots = [
  {
    src: '/screenshots/home.webp',
    width: 960,
    height: 600,
    kind: 'wide',
    alt: 'The home page: a greeting, the latest journal entry, a one-tap mood, and the habits due today.',
    caption: 'Home: today at a glance, with every area one click away in the sidebar.',
  },
  {
    src: '/screenshots/habits.webp',
    width: 960,
    height: 600,
    kind: 'wide',
    alt: 'The habits page in dark mode: each habit with its strength, streak and the last seven days to tap.',
    caption: 'Habits, in dark mode: check in with one tap and watch the streak grow.',
  },
  {
    src: '/screenshots/journal-phone.webp',
    width: 390,
    height: 760,
    kind: 'phone',
    alt: 'The journal on a phone: a month calendar with the days written on, and the entries below.',
    caption: 'The journal on a phone: write a few lines a day.',
  },
] as const;

/** `/`: what Lifeboard is, its areas, and the way in. Kept free of heavy imports: it is measured by Lighthouse. */
export default function Landing() {
  return (
    <div className="lb-public">
      <section className="lb-hero" aria-labelledby="landing-title">
        <h1 id="landing-title">Plan your life, one habit at a time</h1>
        <p className="lb-public-lead">
          Lifeboard is one private place for your journal, goals, habits, plans, workouts and sleep. Write down where
          you want to go, break it into habits and plans, and look back on what you did.
        </p>
        <div className="lb-cta">
          <Link className="lb-cta-primary" to="/sign-up">
            Create a free account
          </Link>
          <Link className="lb-cta-secondary" to="/login">
            Sign in
          </Link>
        </div>
        <p>
          Free to use. Programs from creators are priced by their authors — <Link to="/pricing">see pricing</Link>.
        </p>
      </section>
      <section aria-labelledby="landing-look">
        <h2 id="landing-look">What you will see</h2>
        {/* Taken from the demo account (e2e/specs/landing-screenshots.spec.ts); sized, and fetched only when scrolled to. */}
        <div className="lb-shots">
          {landingShots.map((shot) => (
            <figure key={shot.src} className={`lb-shot lb-shot--${shot.kind}`}>
              <img
                src={shot.src}
                width={shot.width}
                height={shot.height}
                alt={shot.alt}
                loading="lazy"
                decoding="async"
              />
              <figcaption>{shot.caption}</figcaption>
            </figure>
          ))}
        </div>
      </section>
      <section aria-labelledby="landing-areas">
        <h2 id="landing-areas">Everything in one place</h2>
        <ul className="lb-area-grid">
          {productAreas.map((area) => (
            <li key={area.name}>
              <h3>{area.name}</h3>
              <p>{area.summary}</p>
            </li>
          ))}
        </ul>
        <p>
          <Link to="/overview">Take the tour of every area</Link>
        </p>
      </section>
      <section aria-labelledby="landing-boards">
        <h2 id="landing-boards">Boards keep parts of life apart</h2>
        <p>
          Everything you keep lives on a board: one for yourself, one for work, one for a program you follow. Switch
          boards in one click; each has its own goals, habits and journal.
        </p>
      </section>
      <section aria-labelledby="landing-private">
        <h2 id="landing-private">Yours, and only yours</h2>
        <p>
          Your data is never sold or shown to anyone else. Download all of it or delete your account whenever you like,
          from your account settings. Read the <Link to="/privacy">privacy policy</Link> in plain words.
        </p>
      </section>
      <section aria-labelledby="landing-creators">
        <h2 id="landing-creators">Have something to teach?</h2>
        <p>
          Write a program of goals, habits and chapters and share it.{' '}
          <Link to="/sign-up-creator">Sign up as a creator</Link>.
        </p>
      </section>
    </div>
  );
}
