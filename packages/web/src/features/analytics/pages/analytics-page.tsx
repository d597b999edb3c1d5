import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { loadFailure } from '@/lib/api-query';
import { reportQuickRange, reportRangeInQuery } from '@/lib/report-ranges';
import { Button } from '@/ui/button';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import { DateRangePicker, type RangeSelection } from '@/ui/date-range-picker';
import { EmptyState } from '@/ui/empty-state';
import { LoadError } from '@/ui/load-error';
import { PrimaryLink } from '@/ui/message-page';
import { PageHeader } from '@/ui/page-header';
import { Spinner } from '@/ui/spinner';
import { dashboardQuery, useClearAnalytics } from '../api';
import { CountCard } from '../components/count-card';
import type { TrendChart } from '../components/trend-chart';
import { toCsv, toSeries } from '../series';

// The chart's code (5.5 kB gzipped, twice the rest of the screen; recharts' 104 kB until 0090) in its own
// chunk, fetched as soon as the screen's code runs, so it arrives beside the figures' request instead of
// before it, and the heading, range and counts show meanwhile (docs/decisions/0049).
type ChartCode = { TrendChart: typeof TrendChart };
let chartLoaded: ChartCode | undefined;
const chartCode = import('../components/trend-chart').then((code) => (chartLoaded = code));

/**
 * The chart code once it is in; until then undefined, and the screen draws the chart's place. Not
 * React.lazy: a lazy component suspends on its first render even when its code is already in, and React
 * holds the commit that then replaces the fallback until 300 ms after the fallback showed (its throttle
 * of Suspense reveals), so the charts came 0.3 s after the figures every time (bench/notes/web.md,
 * 2026-12-05). A chunk that fails to arrive goes to the route's error page, as the lazy one did.
 */
function useChartCode(): ChartCode | undefined {
  const [code, setCode] = useState(chartLoaded);
  useEffect(() => {
    if (code) return;
    let live = true;
    chartCode.then(
      (loaded) => live && setCode(loaded),
      (error: unknown) =>
        live &&
        setCode(() => {
          throw error;
        }),
    );
    return () => {
      live = false;
    };
  }, [code]);
  return code ?? chartLoaded;
}

/** /views/dashboard/{id}: views and clicks of one item over a range (doc 2 section 2). */
export default function AnalyticsPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const name = search.get('q');
  // The type marker: 'web' selects the web ads' own clear call.
  const web = search.get('adsType') === 'web';
  // Opens on the range the link carries (a website ads list's, 0005-app-events.md), else Today.
  const [range, setRange] = useState<RangeSelection>(() => reportRangeInQuery(search));
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({
    ...dashboardQuery(id, { startDate: range.startDate, endDate: range.endDate }),
    placeholderData: keepPreviousData,
  });
  const clear = useClearAnalytics(id, web);
  const chart = useChartCode();

  const data = query.data?.status ? query.data : undefined;
  // The id names no counted item (0093): a mistyped or stale link is said so, not shown as zeros.
  const missing = query.data && 'notFound' in query.data && query.data.notFound ? query.data : undefined;
  // The server's refusal, or the call's own failure (after the retry) when no figures came at all.
  const failure = loadFailure(query);
  // Every day of the range once its own reply is in; the previous range's reply, standing in meanwhile,
  // is filled between its own counted days only.
  const shownRange = query.isPlaceholderData ? undefined : range;
  // The reporting time zone's today: the days after it are not drawn (This Month, This Year).
  const today = reportQuickRange('today').endDate;
  const views = toSeries(data?.views_data ?? [], shownRange, today);
  const clicks = toSeries(data?.clicks_data ?? [], shownRange, today);
  const nothing = data !== undefined && data.totalViews === 0 && data.totalClicks === 0;

  const download = () => {
    const blob = new Blob([toCsv(views, clicks)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `analytics-${name ?? id}-${range.startDate}-to-${range.endDate}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };

  const confirmClear = () => {
    setConfirming(false);
    clear.mutate({ startDate: range.startDate, endDate: range.endDate });
  };

  if (missing) return <DashboardNotFound id={id} message={missing.message} />;

  return (
    <div className="space-y-5">
      <PageHeader
        title="View & Click Analytics"
        description={name ? `Ad: ${name}` : undefined}
        actions={
          <>
            <Button variant="secondary" onClick={download}>
              Download CSV
            </Button>
            {name !== null && (
              <Button
                write="analytics"
                variant="danger"
                onClick={() => setConfirming(true)}
                loading={clear.isPending}
              >
                Clear data
              </Button>
            )}
          </>
        }
      />
      <DateRangePicker value={range} onChange={setRange} />
      <div className="grid gap-4 sm:grid-cols-2">
        <CountCard label="Views" value={data?.totalViews} tone="red" />
        <CountCard label="Click" value={data?.totalClicks} tone="green" />
      </div>
      {failure && <LoadError message={failure} onRetry={() => query.refetch()} />}
      {nothing && <EmptyState title="No views or clicks in this range" />}
      <div className="grid gap-4 lg:grid-cols-2">
        {(data?.totalViews ?? 0) > 0 &&
          (chart ? (
            <chart.TrendChart title="Views" points={views} color="#dc2626" unit="Views" />
          ) : (
            <ChartLoading title="Views" />
          ))}
        {(data?.totalClicks ?? 0) > 0 &&
          (chart ? (
            <chart.TrendChart title="Clicks" points={clicks} color="#16a34a" unit="Clicks" />
          ) : (
            <ChartLoading title="Clicks" />
          ))}
      </div>
      <ConfirmMathDialog
        open={confirming}
        onOpenChange={setConfirming}
        thing={`the views and clicks from ${range.startDate} to ${range.endDate}`}
        wrongAnswerMessage="Captcha answer is not correct"
        confirmLabel="Clear"
        onConfirm={confirmClear}
      />
    </div>
  );
}

/**
 * The dashboard of an id that names no ad nor other counted item (docs/decisions/0093): what the server
 * said, why it may be, and the ways back: the screen before it, when the link was followed in the back
 * office, and the website ads, whose click counts open this screen.
 */
function DashboardNotFound({ id, message }: { id: string; message: string }) {
  const navigate = useNavigate();
  // 'default' is the key of the first screen of the tab: a link opened from outside has nothing to go back to.
  const cameFromHere = useLocation().key !== 'default';
  const heading = useId();
  return (
    <div className="space-y-5">
      <PageHeader title="View & Click Analytics" />
      <section
        aria-labelledby={heading}
        className="flex flex-col items-center rounded-lg bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200"
      >
        <p className="text-4xl font-bold tracking-tight text-brand-600">404</p>
        <h2 id={heading} className="mt-2 text-lg font-semibold text-slate-900">
          Ad not found
        </h2>
        <p className="mt-1 max-w-md text-sm text-slate-700">{message}</p>
        <p className="mt-1 max-w-md text-sm text-slate-500">
          Id <span className="font-mono break-all">{id}</span>: the link may be mistyped or out of date (an ad
          deleted for good takes its views and clicks with it).
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {cameFromHere && (
            <Button variant="secondary" onClick={() => void navigate(-1)}>
              Go back
            </Button>
          )}
          <PrimaryLink to={paths.adUnits.getHref('webAds')}>Website Ads</PrimaryLink>
        </div>
      </section>
    </div>
  );
}

/** The chart's place, its size kept, while the chart code is on its way. */
function ChartLoading({ title }: { title: string }) {
  return (
    <figure className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <figcaption className="mb-3 text-sm font-semibold text-slate-800">{title}</figcaption>
      <div
        role="status"
        aria-label={`Loading the ${title} chart`}
        className="flex h-64 items-center justify-center"
      >
        <Spinner className="size-6 text-brand-600" />
      </div>
    </figure>
  );
}
