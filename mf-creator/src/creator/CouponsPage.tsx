import { useState } from 'react';
import type { FormEvent } from 'react';
import { isSuccessStatus, send } from '@lifeboard/shared/api/client';
import { isRecord, listOf, problemOf, useApiGet } from '@lifeboard/shared/api/use-api-get';
import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import { formatMoney } from '@lifeboard/shared/lib/money';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { ConfirmDialog } from '@lifeboard/shared/ui/Dialog';
import { ActionProblem, NotLoaded } from '@lifeboard/shared/ui/feedback';
import { Select, TextField } from '@lifeboard/shared/ui/fields';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { Table } from '@lifeboard/shared/ui/Table';

export interface Coupon {
  id: number;
  program_title: string;
  code: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  currency: string;
  max_uses: number | null;
  uses: number;
  expires_at: string | null;
}

const numOrNull = (v: unknown) => (typeof v === 'number' ? v : null);

/** `GET /api/coupon/mine`. */
export function readCoupons(body: unknown): Coupon[] | null {
  const list = listOf(body, 'coupons');
  if (!list) return null;
  return list.flatMap((c) =>
    typeof c.id === 'number' && typeof c.code === 'string'
      ? [
          {
            id: c.id,
            program_title: String(c.program_title ?? ''),
            code: c.code,
            percent_off: numOrNull(c.percent_off),
            amount_off_cents: numOrNull(c.amount_off_cents),
            currency: String(c.currency ?? 'USD'),
            max_uses: numOrNull(c.max_uses),
            uses: typeof c.uses === 'number' ? c.uses : 0,
            expires_at: typeof c.expires_at === 'string' ? c.expires_at : null,
          },
        ]
      : [],
  );
}

/** "20% off" or "5.00 USD off". */
export const discountWords = (c: Pick<Coupon, 'percent_off' | 'amount_off_cents' | 'currency'>) =>
  c.percent_off !== null ? `${c.percent_off}% off` : `${formatMoney(c.amount_off_cents ?? 0, c.currency)} off`;

interface Fields {
  program: string;
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  maxUses: string;
  expires: string;
}
const empty: Fields = { program: '', code: '', kind: 'percent', value: '', maxUses: '', expires: '' };

/** `/creator-coupons`: coupons per program (percent or amount off, a use limit, an expiry), and how often each was used. */
export function CouponsPage() {
  const programs = useCollection('program').items.filter((p) => p.id > 0 && Number(p.price_cents ?? 0) > 0);
  const load = useApiGet('/api/coupon/mine', readCoupons);
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const set = (key: keyof Fields, value: string) => setFields((f) => ({ ...f, [key]: value }));

  async function create(event: FormEvent) {
    event.preventDefault();
    const value = Number(fields.value);
    const data = {
      program_id: Number(fields.program),
      code: fields.code.trim(),
      ...(fields.kind === 'percent'
        ? { percent_off: Math.round(value) }
        : { amount_off_cents: Math.round(value * 100) }),
      ...(fields.maxUses ? { max_uses: Math.round(Number(fields.maxUses)) } : {}),
      // The expiry is the end of the chosen day, where the creator is.
      ...(fields.expires ? { expires_at: new Date(`${fields.expires}T23:59:59`).toISOString() } : {}),
    };
    setBusy(true);
    const { status, body } = await send({ method: 'POST', url: '/api/coupon/create', data });
    setBusy(false);
    if (isSuccessStatus(status)) {
      setFields(empty);
      setErrors({});
      setMessage(null);
      load.reload();
      return;
    }
    const fieldErrors = isRecord(body) && isRecord(body.errors) ? (body.errors as Record<string, string[]>) : {};
    setErrors(fieldErrors);
    setMessage(
      Object.keys(fieldErrors).length
        ? 'Please correct the marked fields. Nothing was saved.'
        : problemOf(status, body),
    );
  }

  async function remove(coupon: Coupon) {
    setDeleting(null);
    const { status, body } = await send({ method: 'POST', url: '/api/coupon/delete', data: { id: coupon.id } });
    if (!isSuccessStatus(status)) setMessage(problemOf(status, body));
    load.reload();
  }

  const err = (key: string) => errors[key];
  return (
    <section className="lb-stack">
      <PageHeader
        title="Coupons"
        description="A code a buyer types on a program's purchase page for a percent or an amount off. Each sale pays what the buyer paid."
      />
      <Panel title="New coupon">
        {programs.length === 0 ? (
          <p>Coupons are for priced programs: set a price on one of your programs first.</p>
        ) : (
          <form className="lb-stack" aria-label="New coupon" onSubmit={(e) => void create(e)} noValidate>
            <Select
              label="Program"
              value={fields.program}
              placeholder="Choose a program"
              error={err('program_id')}
              options={programs.map((p) => ({
                value: String(p.id),
                label: `${String(p.title ?? '')} (Price: ${formatMoney(p.price_cents, p.currency)})`,
              }))}
              onChange={(e) => set('program', e.target.value)}
            />
            <TextField
              label="Code"
              hint="3–32 letters, digits, - or _; buyers may type it in any case."
              value={fields.code}
              maxLength={32}
              error={err('code')}
              onChange={(e) => set('code', e.target.value)}
            />
            <Select
              label="Discount"
              value={fields.kind}
              options={[
                { value: 'percent', label: 'A percent off' },
                { value: 'amount', label: 'An amount off' },
              ]}
              onChange={(e) => set('kind', e.target.value)}
            />
            <TextField
              label={fields.kind === 'percent' ? 'Percent off' : 'Amount off (in the program’s currency)'}
              type="number"
              inputMode="decimal"
              min={fields.kind === 'percent' ? 1 : 0.01}
              max={fields.kind === 'percent' ? 100 : undefined}
              step={fields.kind === 'percent' ? 1 : 0.01}
              value={fields.value}
              error={err(fields.kind === 'percent' ? 'percent_off' : 'amount_off_cents')}
              onChange={(e) => set('value', e.target.value)}
            />
            <TextField
              label="Use limit (optional)"
              hint="How many sales may use it; empty: no limit."
              type="number"
              min={1}
              step={1}
              value={fields.maxUses}
              error={err('max_uses')}
              onChange={(e) => set('maxUses', e.target.value)}
            />
            <TextField
              label="Last day (optional)"
              hint="It works until the end of this day; empty: no end."
              type="date"
              value={fields.expires}
              error={err('expires_at')}
              onChange={(e) => set('expires', e.target.value)}
            />
            <ActionProblem message={message} />
            <div className="lb-row">
              <Button
                type="submit"
                variant="primary"
                busy={busy}
                disabled={!fields.program || !fields.code.trim() || !fields.value}
              >
                Add coupon
              </Button>
            </div>
          </form>
        )}
      </Panel>
      <NotLoaded load={load} what="Your coupons" />
      {load.state === 'ready' ? (
        <Table
          label="Coupons"
          columns={['Code', 'Program', 'Discount', 'Used', 'Last day', 'Delete']}
          rows={load.data}
          empty={<p>No coupons yet.</p>}
          row={(c) => (
            <tr key={c.id}>
              <td>{c.code}</td>
              <td>{c.program_title}</td>
              <td>{discountWords(c)}</td>
              <td>{c.max_uses === null ? `${c.uses} time${c.uses === 1 ? '' : 's'}` : `${c.uses} of ${c.max_uses}`}</td>
              <td>{c.expires_at ? formatDisplayDay(c.expires_at) : 'No end'}</td>
              <td>
                <Button size="small" variant="danger" onClick={() => setDeleting(c)}>
                  Delete<span className="lb-visually-hidden"> {c.code}</span>
                </Button>
              </td>
            </tr>
          )}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the coupon ${deleting?.code ?? ''}?`}
        confirmLabel="Delete the coupon"
        danger
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>Buyers can no longer use it.</p>
      </ConfirmDialog>
    </section>
  );
}
