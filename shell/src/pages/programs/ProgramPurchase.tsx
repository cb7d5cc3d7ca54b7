import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from '@lifeboard/shared/lib/router';
import { $board } from '@lifeboard/shared/stores/board';
import { subscribeToProgram } from '../../board/board-actions';
import { FormAlert, failureMessage } from '../auth/form-parts';
import { formatMoney } from '@lifeboard/shared/lib/money';
import { ProgramCover } from '@lifeboard/shared/ui/ProgramCover';
import { findProgram, plainText } from './find-program';
import { ValidationError } from '@lifeboard/shared/api/errors';
import type { ApiError } from '@lifeboard/shared/api/errors';
import { TextField } from '../auth/form-parts';
import { checkCoupon, createCheckout, newIdempotencyKey } from './checkout-api';
import type { CouponPrice } from './checkout-api';
import type { ProgramSummary } from './find-program';
import '../auth/forms.css';
import './programs.css';

type Load =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'error'; message: string }
  | { state: 'ready'; program: ProgramSummary };

/**
 * `/program-purchase/:programGuid`. A free program starts at once: subscribing puts it on a new board, which
 * becomes current. A paid one goes to checkout (the app's test card page, or Stripe's), with one
 * Idempotency-Key per visit, so a double click or a retry finds the same checkout.
 */
export default function ProgramPurchase() {
  const guid = useParams().programGuid ?? '';
  const navigate = useNavigate();
  const boardId = useStore($board).id;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const [code, setCode] = useState('');
  const [coupon, setCoupon] = useState<CouponPrice | null>(null);
  const [couponError, setCouponError] = useState<string | undefined>(undefined);

  useEffect(() => {
    let live = true;
    void findProgram(guid, boardId).then((result) => {
      if (!live) return;
      if (!result.ok) setLoad({ state: 'error', message: failureMessage(result.error) });
      else setLoad(result.data ? { state: 'ready', program: result.data } : { state: 'missing' });
    });
    return () => {
      live = false;
    };
    // The board only matters for finding one's own draft; a board switch here must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [guid]);

  async function start(program: ProgramSummary) {
    setBusy(true);
    const ok = await subscribeToProgram({ programId: program.id, isSubscribing: true });
    setBusy(false);
    if (ok) void navigate(`/program-success/${encodeURIComponent(program.guid)}`);
    else setMessage('The program could not be started. Please try again in a moment.');
  }

  /** The coupon's own words for a refused code ("has expired"), else the failure's message. */
  const couponProblem = (error: ApiError) => {
    const words = error instanceof ValidationError ? error.fieldErrors.coupon_code?.[0] : undefined;
    return words ? `This coupon ${words}.` : failureMessage(error);
  };

  async function applyCoupon(program: ProgramSummary) {
    if (!code.trim()) return;
    setBusy(true);
    const result = await checkCoupon(program.guid, code.trim());
    setBusy(false);
    // Another price is another checkout: a new key, so the earlier one (without this coupon) is not answered.
    setKey(newIdempotencyKey());
    if (result.ok) {
      setCoupon(result.data);
      setCouponError(undefined);
    } else {
      setCoupon(null);
      setCouponError(couponProblem(result.error));
    }
  }

  async function buy(program: ProgramSummary) {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const result = await createCheckout(program.guid, key, coupon?.code);
    if (!result.ok) {
      setBusy(false);
      setMessage(
        result.status === 409
          ? 'You already bought this program: find it under your subscriptions.'
          : couponProblem(result.error),
      );
      return;
    }
    const target = new URL(result.data.url, window.location.href);
    // The test provider's page is the app's own; Stripe's is elsewhere.
    if (target.origin === window.location.origin) void navigate(target.pathname + target.search);
    else window.location.assign(target.href);
  }

  return (
    <div className="lb-auth-page">
      <h1>{load.state === 'ready' && load.program.price_cents > 0 ? 'Buy a program' : 'Start a program'}</h1>
      {load.state === 'loading' ? <p role="status">Looking up the program…</p> : null}
      {load.state === 'error' ? <p role="alert">{load.message}</p> : null}
      {load.state === 'missing' ? (
        <>
          <p role="alert">No published program has this link. It may have been withdrawn, or the link is incomplete.</p>
          <p>
            <Link to="/programs">Browse programs</Link>
          </p>
        </>
      ) : null}
      {load.state === 'ready' ? (
        <article className="lb-program-card" aria-labelledby="program-title">
          <ProgramCover
            cover={load.program.cover}
            title={load.program.title}
            alt={load.program.cover_alt}
            size="page"
          />
          <h2 id="program-title">{load.program.title}</h2>
          <p className="lb-program-price">Price: {formatMoney(load.program.price_cents, load.program.currency)}</p>
          {load.program.description ? <p>{plainText(load.program.description)}</p> : null}
          {load.program.price_cents > 0 ? (
            <>
              <p>
                You pay once; the program then goes onto a new board of its own with its goals, habits and routines, and
                its lessons open.
              </p>
              <form
                className="lb-coupon"
                onSubmit={(event) => {
                  event.preventDefault();
                  void applyCoupon(load.program);
                }}
                noValidate
              >
                <TextField
                  label="Coupon code"
                  name="coupon_code"
                  value={code}
                  error={couponError}
                  onChange={(value) => {
                    setCode(value);
                    setCouponError(undefined);
                  }}
                />
                <button className="lb-button lb-button--secondary" type="submit" disabled={busy || !code.trim()}>
                  Apply
                </button>
              </form>
              {coupon ? (
                <p role="status">
                  Coupon {coupon.code}: −{formatMoney(coupon.discount_cents, coupon.currency)}. You pay{' '}
                  {formatMoney(coupon.amount_cents, coupon.currency)}.
                </p>
              ) : null}
              <FormAlert message={message} />
              <button className="lb-button" type="button" disabled={busy} onClick={() => void buy(load.program)}>
                {busy
                  ? 'Opening checkout…'
                  : `Buy for ${formatMoney(coupon?.amount_cents ?? load.program.price_cents, load.program.currency)}`}
              </button>
            </>
          ) : (
            <>
              <p>
                Starting the program creates a new board with its goals, habits and routines, and switches you to it.
              </p>
              <FormAlert message={message} />
              <button className="lb-button" type="button" disabled={busy} onClick={() => void start(load.program)}>
                {busy ? 'Starting…' : 'Start this program'}
              </button>
            </>
          )}
        </article>
      ) : null}
    </div>
  );
}
