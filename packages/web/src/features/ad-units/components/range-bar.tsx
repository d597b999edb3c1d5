import { Button } from '@/ui/button';
import { DateRangePicker, type RangeSelection } from '@/ui/date-range-picker';

/** The click range of the website ads (quick ranges or custom dates) and the clear-all action. */
export function RangeBar({
  range,
  onChange,
  onClearAll,
}: {
  range: RangeSelection;
  onChange: (range: RangeSelection) => void;
  onClearAll: () => void;
}) {
  return (
    <section
      aria-label="Click range"
      className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200"
    >
      <DateRangePicker value={range} onChange={onChange} />
      {range.preset === 'custom' && <span className="pb-2 text-xs text-slate-500">Custom range</span>}
      <Button write="ad-units" variant="danger" className="sm:ml-auto" onClick={onClearAll}>
        Clear All Data
      </Button>
    </section>
  );
}
