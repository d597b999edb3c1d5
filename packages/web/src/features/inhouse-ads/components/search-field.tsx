import { useEffect, useState } from 'react';
import { TextField } from '@/ui/field';
import { useDebouncedSearch } from './use-debounced-search';

/**
 * The in-house list's search box. It keeps the typed text itself, so a keystroke re-renders the box
 * alone; the list hears only the debounced query (500 ms after typing stops, at once when cleared).
 */
export function SearchField({ onSearch }: { onSearch: (q: string) => void }) {
  const [text, setText] = useState('');
  const q = useDebouncedSearch(text);
  useEffect(() => onSearch(q), [q, onSearch]);
  return (
    <TextField
      label="Search"
      type="search"
      placeholder="Title, subtitle, description or URL"
      className="w-full sm:w-80"
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
}
