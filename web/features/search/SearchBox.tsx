import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { SearchMatch } from '../../api/client.ts';
import { searchOptions } from '../../api/queries.ts';
import { SEARCH_INPUT_ID } from '../../state/useKeyboardShortcuts.ts';
import { useSetUrl, useUrlValue } from '../../state/useUrlState.ts';
import { lazyView } from '../../ui/lazyView.tsx';

// The results list is fetched with the first query typed.
const SearchResults = lazyView(() => import('./SearchResults.tsx').then((m) => m.SearchResults), 'search results');

/** While typing, at most one search every this many ms; the first keystroke after a pause searches at once. */
const THROTTLE_MS = 150;
/** Matches asked for (the list shows them all). */
const LIMIT = 100;

/**
 * What is typed is searched at once after a pause, then at most once every THROTTLE_MS while the typing goes on:
 * waiting for a pause in the typing (a debounce) put its whole wait before the first results of every query. A search
 * still to come is dropped when the query changes from outside (Esc, back/forward, a deep link).
 */
function useSearchAsTyped(q: string, setUrl: (patch: { q: string }) => void): (value: string) => void {
  const client = useQueryClient();
  const lastSearch = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => clearTimeout(pending.current), [q]);
  useEffect(() => () => clearTimeout(pending.current), []);
  return (value: string) => {
    clearTimeout(pending.current);
    // Clearing the box asks the server nothing: at once, and it does not hold up the next query.
    if (value.trim() === '') return setUrl({ q: value });
    const search = () => {
      lastSearch.current = Date.now();
      // Asked before the page re-renders for the new query (the log's highlights, the results list): the server
      // works while the page draws.
      void client.prefetchQuery(searchOptions(value, LIMIT));
      setUrl({ q: value });
    };
    const wait = lastSearch.current + THROTTLE_MS - Date.now();
    if (wait <= 0) search();
    else pending.current = setTimeout(search, wait);
  };
}

export function SearchBox() {
  const q = useUrlValue((u) => u.q);
  const setUrl = useSetUrl();
  const [text, setText] = useState(q);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [picked, setPicked] = useState<SearchMatch[]>([]);
  const box = useRef<HTMLDivElement>(null);
  // The URL wins when it changes from outside (Esc, back/forward, a deep link).
  useEffect(() => setText(q), [q]);
  const searchFor = useSearchAsTyped(q, setUrl);
  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, []);

  const choose = (m: SearchMatch) => {
    setOpen(false);
    setUrl(
      m.kind === 'step'
        ? { branch: m.branch, tab: 'log', step: m.index, commit: null }
        : { branch: m.branch, tab: 'commits', commit: m.commitId ?? null, step: null },
      'push',
    );
  };

  return (
    <div className="search" ref={box} role="search">
      <svg className="search-icon" width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
        <circle cx="7" cy="7" r="4.5" stroke="currentColor" strokeWidth="1.5" fill="none" />
        <path d="m10.5 10.5 3.5 3.5" stroke="currentColor" strokeWidth="1.5" />
      </svg>
      <input
        id={SEARCH_INPUT_ID}
        type="search"
        aria-label="Search steps and commits on all branches"
        placeholder="Search steps and commits"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          searchFor(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            const n = picked.length;
            if (n) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
          } else if (e.key === 'Enter' && picked[active]) {
            e.preventDefault();
            choose(picked[active]!);
          }
        }}
      />
      {text ? null : <kbd className="search-kbd">/</kbd>}
      {open && q.trim() ? <SearchResults query={q} limit={LIMIT} active={active} onChoose={choose} onMatches={setPicked} /> : null}
    </div>
  );
}
