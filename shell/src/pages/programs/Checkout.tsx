import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from '@lifeboard/shared/lib/router';
import { formatMoney } from '@lifeboard/shared/lib/money';
import { FormAlert, TextField, failureMessage } from '../auth/form-parts';
import { loadCheckout, payWithTestCard, type CheckoutView } from './checkout-api';
import '../auth/forms.css';
import './programs.css';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; checkout: CheckoutView };

/**
 * `/checkout/:checkoutId`: the built-in test provider's card page. It takes Stripe's published test cards, and
 * the payment completes through the same signed-event path a real provider's webhook takes.
 */
export default function Checkout() {
  const id = useParams().checkoutId ?? '';
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [card, setCard] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void loadCheckout(id).then((result) => {
      if (!live) return;
      if (!result.ok)
        setLoad({
          state: 'error',
          message:
            result.status === 404
              ? 'No such checkout: start again from the program’s page.'
              : failureMessage(result.error),
        });
      else if (result.data.status === 'completed')
        void navigate(`/program-success/${encodeURIComponent(result.data.program.guid)}`, { replace: true });
      else {
        setLoad({ state: 'ready', checkout: result.data });
        setConfirming(result.data.status === 'requires_action');
      }
    });
    return () => {
      live = false;
    };
  }, [id, navigate]);

  async function pay(checkout: CheckoutView, confirmed: boolean) {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const result = await payWithTestCard(checkout.id, card, confirmed);
    setBusy(false);
    if (!result.ok) {
      setMessage(failureMessage(result.error));
      return;
    }
    if (result.data.status === 'requires_action') setConfirming(true);
    else void navigate(`/program-success/${encodeURIComponent(checkout.program.guid)}`);
  }

  function submit(event: FormEvent, checkout: CheckoutView) {
    event.preventDefault();
    void pay(checkout, false);
  }

  return (
    <div className="lb-auth-page">
      <h1>Checkout</h1>
      {load.state === 'loading' ? <p role="status">Loading the checkout…</p> : null}
      {load.state === 'error' ? (
        <p role="alert">
          {load.message} <Link to="/programs">Browse programs</Link>
        </p>
      ) : null}
      {load.state === 'ready' ? (
        <article className="lb-program-card" aria-labelledby="checkout-title">
          <h2 id="checkout-title">{load.checkout.program.title}</h2>
          <p className="lb-program-price">Price: {formatMoney(load.checkout.amount_cents, load.checkout.currency)}</p>
          {load.checkout.discount_cents > 0 ? (
            <p>A coupon took {formatMoney(load.checkout.discount_cents, load.checkout.currency)} off.</p>
          ) : null}
          <p className="lb-program-note">
            Test payments: no real money moves. Pay with the card 4242 4242 4242 4242; 4000 0000 0000 0002 is declined,
            and 4000 0025 0000 3155 asks you to confirm the payment.
          </p>
          {confirming ? (
            <section aria-labelledby="confirm-title">
              <h3 id="confirm-title">Confirm this payment</h3>
              <p>
                Your card’s bank asks you to confirm paying{' '}
                {formatMoney(load.checkout.amount_cents, load.checkout.currency)}.
              </p>
              <FormAlert message={message} />
              <button className="lb-button" type="button" disabled={busy} onClick={() => void pay(load.checkout, true)}>
                {busy ? 'Confirming…' : 'Confirm payment'}
              </button>
            </section>
          ) : (
            <form onSubmit={(event) => submit(event, load.checkout)} noValidate>
              <TextField
                label="Card number"
                name="card_number"
                value={card}
                onChange={setCard}
                autoComplete="cc-number"
                required
              />
              <FormAlert message={message} />
              <button className="lb-button" type="submit" disabled={busy || !card.trim()}>
                {busy ? 'Paying…' : `Pay ${formatMoney(load.checkout.amount_cents, load.checkout.currency)}`}
              </button>
            </form>
          )}
          <p>
            <Link to={`/program-purchase/${encodeURIComponent(load.checkout.program.guid)}`}>Back to the program</Link>
          </p>
        </article>
      ) : null}
    </div>
  );
}
