import { useDebouncedCallback, useHotkeys } from '@mantine/hooks';
import { useRef, useState, type ChangeEvent } from 'react';

export const SEARCH_DEBOUNCE_MS = 250;

/**
 * A search box whose committed value lives in the URL: typing shows at once and commits after a
 * pause, back/forward or a shared link moves the text (state derived during render), and `/`
 * focuses it from anywhere but another field.
 */
export const useUrlSearchBox = (committed: string | undefined, commit: (search: string | undefined) => void) => {
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(committed ?? '');
  const [shown, setShown] = useState(committed);
  // The box's own commits whose navigation has not come back yet, oldest first. On a slow device a
  // commit can come back after more was typed: it must not put the box back to what it said then.
  const [inFlight, setInFlight] = useState<(string | undefined)[]>([]);
  if (shown !== committed) {
    setShown(committed);
    const echo = inFlight.indexOf(committed);
    if (echo >= 0) setInFlight(inFlight.slice(echo + 1));
    else {
      // Back/forward or a link: the URL's search wins. (The box's own commit of "Zoë " trimmed keeps
      // the space typed.)
      setInFlight([]);
      if ((text.trim() || undefined) !== committed) setText(committed ?? '');
    }
  }
  const commitLater = useDebouncedCallback((value: string) => {
    const search = value.trim() || undefined;
    // What the URL will say once the commits in flight are back: typing back to it commits nothing.
    if (search === (inFlight.length > 0 ? inFlight[inFlight.length - 1] : committed)) return;
    setInFlight((pending) => [...pending, search]);
    commit(search);
  }, SEARCH_DEBOUNCE_MS);
  useHotkeys([['/', () => inputRef.current?.focus()]], ['INPUT', 'TEXTAREA', 'SELECT']);
  return {
    inputRef,
    text,
    onType: (event: ChangeEvent<HTMLInputElement>) => {
      setText(event.currentTarget.value);
      commitLater(event.currentTarget.value);
    },
    /** Empties the box only: the caller commits the cleared search as it likes (e.g. as a new history entry). */
    clear: () => {
      setText('');
      setInFlight([]);
    },
  };
};
