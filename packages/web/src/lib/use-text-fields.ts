import { useState } from 'react';

/**
 * The values of a small form's text fields, and the props that bind a field to its value; `onType`
 * runs on each change (a form clears its error there).
 */
export function useTextFields<K extends string>(initial: Record<K, string>, onType: () => void) {
  const [values, setValues] = useState(initial);
  const field = (name: K) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      onType();
    },
  });
  return { values, field, reset: () => setValues(initial) };
}
