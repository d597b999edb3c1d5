import { useEffect, useRef, useState } from 'react';
import { TextField } from '@/ui/field';
import { useDebouncedSearch } from './use-debounced-search';
import type { AskFirst } from './ask-before-dropping';

/**
 * A list's search box (in-house ads, the video library). It keeps the typed text itself, so a keystroke re-renders the box
 * alone; the list hears only the debounced query (500 ms after typing stops, at once when cleared).
 * `q` is the list's query (the URL's `?q=`): the box starts with it, and shows it when it changes
 * from outside (Back, Forward), without sending it back. With `askFirst` (an inline-edited list's
 * useRowInEdit `move`), the search asks first while the row in edit holds a change: Cancel puts the box
 * back to the list's query.
 */
export function SearchField({
  q,
  onSearch,
  placeholder,
  askFirst,
}: {
  q: string;
  onSearch: (q: string) => void;
  /** What the search looks in. */
  placeholder: string;
  askFirst?: AskFirst;
}) {
  const [text, setText] = useState(q);
  const debounced = useDebouncedSearch(text);
  const [seen, setSeen] = useState(q);
  if (q !== seen) {
    setSeen(q);
    // A query the box did not send; one it sent is the debounced text, and the typing goes on.
    if (q !== debounced) setText(q);
  }
  // Only a new debounced text is sent: a change of `q` alone is the list's, not the admin's typing.
  const sent = useRef(debounced);
  useEffect(() => {
    if (debounced === sent.current) return;
    sent.current = debounced;
    if (debounced === q) return;
    if (askFirst)
      askFirst(
        () => onSearch(debounced),
        () => setText(q),
      );
    else onSearch(debounced);
  }, [debounced, q, onSearch, askFirst]);
  return (
    <TextField
      label="Search"
      type="search"
      placeholder={placeholder}
      className="w-full sm:w-80"
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
}
