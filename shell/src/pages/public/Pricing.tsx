import { Link } from '@lifeboard/shared/lib/router';
import './public.css';

/** `/pricing`: the app is free; programs are priced by their creators. */
export default function Pricing() {
  return (
    <article className="lb-public">
      <h1>Pricing</h1>
      <p className="lb-public-lead">Lifeboard is free. You only pay for a program if its creator charges for it.</p>
      <section className="lb-plan" aria-labelledby="plan-free">
        <h2 id="plan-free">Free plan</h2>
        <p className="lb-plan-price">$0</p>
        <ul>
          <li>Journal, notes, moods and collections</li>
          <li>Goals, habits, life plans, planner and reports</li>
          <li>Workouts, sleep and health tracking</li>
          <li>As many boards as you need</li>
          <li>Free programs from creators</li>
        </ul>
        <p>
          <Link to="/sign-up">Create a free account</Link>
        </p>
      </section>
      <h2>Programs</h2>
      <p>
        Creators set the price of each program, shown before you subscribe. Free programs can be started at once. A paid
        program is paid once; a platform fee and payment processing costs come out of the creator's share, not on top of
        the price you see.
      </p>
      <h2>Creators</h2>
      <p>
        Publishing is free. You earn your share of each sale after fees and a refund window.{' '}
        <Link to="/sign-up-creator">Sign up as a creator</Link>.
      </p>
    </article>
  );
}
