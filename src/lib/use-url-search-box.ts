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
  if (shown !== committed) {
    setShown(committed);
    // The box's own commit coming back keeps what was typed: a pause after "Zoë " must not eat the space.
    if ((text.trim() || undefined) !== committed) setText(committed ?? '');
  }
  const commitLater = useDebouncedCallback((value: string) => commit(value.trim() || undefined), SEARCH_DEBOUNCE_MS);
  useHotkeys([['/', () => inputRef.current?.focus()]], ['INPUT', 'TEXTAREA', 'SELECT']);
  return {
    inputRef,
    text,
    onType: (event: ChangeEvent<HTMLInputElement>) => {
      setText(event.currentTarget.value);
      commitLater(event.currentTarget.value);
    },
    /** Empties the box only: the caller commits the cleared search as it likes (e.g. as a new history entry). */
    clear: () => setText(''),
  };
};
