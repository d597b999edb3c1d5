import { useId, useState } from 'react';
import {
  controllerRoutes,
  modeLabels,
  placementLabels,
  placementModes,
  type PlacementField,
} from '@streamdesk/contract/controller';
import { useWriteRefusal } from '@/lib/access';
import { inputClass } from '@/ui/field';
import { useControllerSave } from '../api';

/** A placement-mode dropdown: a change is saved at once (field, name). */
export function PlacementSelect({ field, value }: { field: PlacementField; value: string }) {
  const id = useId();
  const save = useControllerSave(controllerRoutes.placement);
  // A change saves at once: this select is a write control of its own.
  const refused = useWriteRefusal('controller');
  const [shown, setShown] = useState(value);
  const [previous, setPrevious] = useState(value);
  if (previous !== value) {
    setPrevious(value);
    setShown(value);
  }
  const change = (name: string) => {
    setShown(name);
    save.mutate({ field, name }, { onError: () => setShown(value) });
  };
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {placementLabels[field]}
      </label>
      <select
        id={id}
        value={shown}
        disabled={save.isPending || refused !== undefined}
        title={refused}
        data-write="controller"
        onChange={(event) => change(event.target.value)}
        className={inputClass}
      >
        {placementModes[field].map((mode) => (
          <option key={mode} value={mode}>
            {mode === modeLabels[mode] ? mode : `${modeLabels[mode]} (${mode})`}
          </option>
        ))}
      </select>
    </div>
  );
}
