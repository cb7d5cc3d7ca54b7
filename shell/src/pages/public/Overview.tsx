import { Link } from '@lifeboard/shared/lib/router';
import { productAreas } from './areas';
import './public.css';

/** `/overview`: a tour of every area, one section each. */
export default function Overview() {
  return (
    <article className="lb-public">
      <h1>A tour of Lifeboard</h1>
      <p className="lb-public-lead">
        Lifeboard is organised in areas. Each area works on its own, and they link up: a habit serves a goal, a goal
        belongs to a life plan, and your journal is where you look back on all of it.
      </p>
      {productAreas.map((area) => (
        <section key={area.name} aria-label={area.name}>
          <h2>{area.name}</h2>
          <p>{area.details}</p>
        </section>
      ))}
      <section aria-labelledby="overview-start">
        <h2 id="overview-start">Getting started</h2>
        <ol>
          <li>Create an account and tell us your name and time zone.</li>
          <li>Name your first board.</li>
          <li>Add one goal and one habit that serves it. Check in tomorrow.</li>
        </ol>
        <p>
          <Link to="/sign-up">Create a free account</Link> or <Link to="/login">sign in</Link>.
        </p>
      </section>
    </article>
  );
}
