import { adTypeLabels, inHouseAdTypes, type InHouseAdType } from '@streamdesk/contract/inhouse-ads';
import { useId } from 'react';
import { inputClass } from '@/ui/field';

/** Only fs_web is offered (doc 2 section 3), shown as 'FS Web'. */
export function AdTypeSelect({
  value,
  onChange,
}: {
  value: InHouseAdType;
  onChange: (value: InHouseAdType) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Ad type
      </label>
      <select
        id={id}
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value as InHouseAdType)}
      >
        {inHouseAdTypes.map((t) => (
          <option key={t} value={t}>
            {adTypeLabels[t]}
          </option>
        ))}
      </select>
    </div>
  );
}
