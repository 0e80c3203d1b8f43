import type { ChangeEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { Field, makeStyles, Select, SearchBox, tokens } from '@fluentui/react-components';

export const useFilterStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'end',
    marginBlock: tokens.spacingVerticalL,
  },
  search: { flex: '1 1 260px' },
});

/** A labelled select of "All" plus options; '' means no filter. */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  allLabel,
  onChange,
}: {
  label: string;
  value: V | '';
  options: readonly { value: V; label: string }[];
  allLabel: string;
  onChange: (value: V | '') => void;
}) {
  return (
    <Field label={label}>
      <Select
        value={value}
        onChange={(e: ChangeEvent<HTMLSelectElement>) => onChange(e.target.value as V | '')}
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** A search box that reports its text after typing pauses, so each keystroke is not a call. */
export function DebouncedSearch({
  label,
  onSearch,
  className,
}: {
  label: string;
  onSearch: (text: string) => void;
  className?: string;
}) {
  const [text, setText] = useState('');
  // The latest callback, kept out of the effect: a parent passing a new function each render
  // must not restart the timer (which would reset its pager 300 ms after every render).
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const sent = useRef('');
  useEffect(() => {
    const next = text.trim();
    if (next === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = next;
      onSearchRef.current(next);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <Field label={label} className={className}>
      <SearchBox dir="auto" value={text} onChange={(_, data) => setText(data.value)} />
    </Field>
  );
}
