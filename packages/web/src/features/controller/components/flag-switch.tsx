import type { ControllerFlag } from '@streamdesk/contract/controller';
import { controllerRoutes, flagLabels } from '@streamdesk/contract/controller';
import { Toggle } from '@/ui/toggle';
import { useControllerSave } from '../api';

/**
 * One on/off setting: sends the inverse of the current value, then the settings reload.
 * `reloadPage` reloads the whole page after a success (the exclusive_module key, doc 1 section 4).
 */
export function FlagSwitch({
  name,
  value,
  reloadPage,
  hint,
}: {
  name: ControllerFlag;
  value: boolean;
  reloadPage?: boolean;
  hint?: string;
}) {
  const save = useControllerSave(controllerRoutes.flag);
  const toggle = () =>
    save.mutate({ name, status: !value }, { onSuccess: () => reloadPage && window.location.reload() });
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200">
      <div className="min-w-0">
        <Toggle
          write="controller"
          checked={value}
          onCheckedChange={toggle}
          label={flagLabels[name]}
          showLabel
          busy={save.isPending}
        />
        {hint && <p className="mt-0.5 pl-11 text-xs text-slate-500">{hint}</p>}
      </div>
      <span className={value ? 'text-xs font-medium text-emerald-700' : 'text-xs font-medium text-slate-500'}>
        {value ? 'On' : 'Off'}
      </span>
    </div>
  );
}
