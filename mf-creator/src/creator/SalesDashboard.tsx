import { lazy, Suspense, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { downloadBlob } from '@lifeboard/shared/lib/download';
import { Link } from '@lifeboard/shared/lib/router';
import { Button } from '@lifeboard/shared/ui/Button';
import { EmptyState, NotLoaded, Skeleton } from '@lifeboard/shared/ui/feedback';
import { DateField, Select } from '@lifeboard/shared/ui/fields';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import type { ChartSeries } from '@lifeboard/shared/ui/TimeChart';
import { Table } from '@lifeboard/shared/ui/Table';
import {
  amount,
  fetchLedgerCsv,
  filterQuery,
  noFilters,
  readCreatorRates,
  readEarnings,
  readLedger,
} from './ledger-api';
import type { Earnings, EntryState, Ledger, LedgerFilters } from './ledger-api';
import { Balances, day, NetAmount, RefundButton, requestWords, stateWords } from './ledger-parts';

// uPlot comes with the dashboard only: the rest of the creator area never loads it.
const TimeChart = lazy(() => import('@lifeboard/shared/ui/TimeChart'));

const CHART_DAYS = 90;
// The design tokens' series colours, light or dark with the theme.
const colours = ['var(--lb-chart-1)', 'var(--lb-chart-3)', 'var(--lb-chart-2)', 'var(--lb-chart-5)'];

/** `YYYY-MM-DD` of the `count` days ending with `last`, oldest first. */
export function daysEnding(last: string, count: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The chart's bars (one series per currency, in currency units) and what it says in words. */
export function earningsChart(earnings: Earnings): { days: string[]; series: ChartSeries[]; summary: string } {
  const days = daysEnding(earnings.today, earnings.days);
  const currencies = [...new Set(earnings.points.map((p) => p.currency))].sort();
  const series = currencies.map((currency, i): ChartSeries => {
    const byDay = new Map(
      earnings.points.filter((p) => p.currency === currency).map((p) => [p.day, p.net_cents / 100]),
    );
    return {
      label: `Net ${currency}`,
      colour: colours[i % colours.length],
      values: days.map((d) => byDay.get(d) ?? null),
      format: (v) => `${v.toFixed(2)} ${currency}`,
      scale: currency,
      bars: true,
    };
  });
  const totals = currencies.map((currency) => {
    const mine = earnings.points.filter((p) => p.currency === currency);
    const sales = mine.reduce((sum, p) => sum + p.sales, 0);
    return `${amount(
      mine.reduce((sum, p) => sum + p.net_cents, 0),
      currency,
    )} from ${sales} ${sales === 1 ? 'sale' : 'sales'}`;
  });
  const summary = totals.length
    ? `Your net earnings in the last ${earnings.days} days: ${totals.join('; ')}.`
    : `No sales in the last ${earnings.days} days.`;
  return { days, series, summary };
}

function EarningsPanel() {
  const load = useApiGet(`/api/creator/earnings?days=${CHART_DAYS}`, readEarnings);
  if (load.state !== 'ready')
    return (
      <Panel title="Earnings over time">
        <NotLoaded load={load} what="Your earnings" lines={4} />
      </Panel>
    );
  const chart = earningsChart(load.data);
  return (
    <Panel title="Earnings over time">
      <p>{chart.summary} Refunded sales are left out.</p>
      {chart.series.length ? (
        <Suspense fallback={<Skeleton lines={4} />}>
          <TimeChart days={chart.days} series={chart.series} summary={chart.summary} />
        </Suspense>
      ) : null}
    </Panel>
  );
}

const stateOptions: { value: EntryState; label: string }[] = [
  { value: 'pending', label: 'Pending (in the refund window)' },
  { value: 'available', label: 'Available' },
  { value: 'paid_out', label: 'Paid out' },
  { value: 'refunded', label: 'Refunded' },
];

/** The filters form: changes apply at once; a range that ends before it starts is refused and nothing changes. */
function Filters({ filters, onChange }: { filters: LedgerFilters; onChange: (next: LedgerFilters) => void }) {
  const rates = useApiGet('/api/creator/earning-rates', readCreatorRates);
  const [draft, setDraft] = useState(filters);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  function change(next: LedgerFilters) {
    setDraft(next);
    if (next.from && next.to && next.to < next.from) {
      setError('The last day is before the first day.');
      return;
    }
    setError(null);
    onChange(next);
  }
  async function download() {
    setBusy(true);
    const answer = await fetchLedgerCsv(filters);
    setBusy(false);
    if ('problem' in answer) setProblem(`The CSV could not be made: ${answer.problem}`);
    else {
      setProblem(null);
      downloadBlob(answer.blob, `lifeboard-sales-${new Date().toISOString().slice(0, 10)}.csv`);
    }
  }
  const programs =
    rates.state === 'ready'
      ? rates.data.programs.map((p) => ({ value: String(p.id), label: p.title || 'Untitled program' }))
      : [];
  return (
    <form aria-label="Filter sales" className="lb-row" onSubmit={(event: FormEvent) => event.preventDefault()}>
      <DateField label="From" value={draft.from} onChange={(e) => change({ ...draft, from: e.target.value })} />
      <DateField
        label="To"
        value={draft.to}
        error={error ?? undefined}
        onChange={(e) => change({ ...draft, to: e.target.value })}
      />
      <Select
        label="Program"
        placeholder="All programs"
        options={programs}
        value={draft.program_id}
        onChange={(e) => change({ ...draft, program_id: e.target.value })}
      />
      <Select
        label="State"
        placeholder="Any state"
        options={stateOptions}
        value={draft.state}
        onChange={(e) => change({ ...draft, state: e.target.value as LedgerFilters['state'] })}
      />
      <Button busy={busy} onClick={() => void download()}>
        Download CSV
      </Button>
      {problem ? (
        <span role="alert" className="lb-field__error">
          {problem}
        </span>
      ) : null}
    </form>
  );
}

/** `/creator-transactions`: the creator's dashboard: balances, earnings over time, and every sale, filtered and exportable. */
export function SalesDashboard() {
  const [filters, setFilters] = useState<LedgerFilters>(noFilters);
  const load = useApiGet(`/api/creator/ledger${filterQuery(filters)}`, readLedger);
  // The last answer stays on screen while other filters load: balances and the form do not blink.
  const shown = useRef<Ledger | null>(null);
  if (load.state === 'ready') shown.current = load.data;
  const filtered = filterQuery(filters) !== '';
  const header = (
    <PageHeader
      title="Transactions"
      description="Your sales and earnings: every sale of your programs with fees and your net. A sale can be refunded while it is pending."
    />
  );
  if ((load.state === 'loading' && !shown.current) || load.state === 'failed' || load.state === 'missing')
    return (
      <section className="lb-stack">
        {header}
        <NotLoaded load={load} what="Your sales" lines={5} />
      </section>
    );
  const ledger = shown.current;
  return (
    <section className="lb-stack">
      {header}
      {ledger ? <Balances ledger={ledger} /> : null}
      <EarningsPanel />
      <Panel title="Sales">
        <Filters filters={filters} onChange={setFilters} />
        {load.state === 'loading' ? (
          <p role="status" className="lb-muted">
            Loading the sales…
          </p>
        ) : null}
        {!ledger ? (
          <Skeleton lines={3} />
        ) : (
          <Table
            label="Sales"
            columns={['Date', 'Program', 'Subscriber', 'Gross', 'Fees and tax', 'Net', 'State', 'Refund']}
            rows={ledger.entries}
            empty={
              filtered ? (
                <p>No sale matches these filters.</p>
              ) : (
                <EmptyState
                  title="No sales yet"
                  description="When someone buys one of your published programs, it shows here."
                  action={<Link to="/creator-programs">Your programs</Link>}
                />
              )
            }
            row={(e) => (
              <tr key={e.id}>
                <td>
                  <Link to={`/transaction/${e.id}`}>{day(e.created_at)}</Link>
                </td>
                <td>{e.program_title}</td>
                <td>{e.buyer_name}</td>
                <td>{amount(e.gross_cents, e.currency)}</td>
                <td>{amount(e.platform_fee_cents + e.processing_fee_cents + e.tax_cents, e.currency)}</td>
                <td>
                  <NetAmount entry={e} />
                </td>
                <td>
                  {stateWords(e)}
                  {requestWords(e) ? (
                    <>
                      <br />
                      <strong>{requestWords(e)}</strong>
                    </>
                  ) : null}
                </td>
                <td>
                  <RefundButton entry={e} onDone={load.reload} />
                </td>
              </tr>
            )}
          />
        )}
      </Panel>
    </section>
  );
}
