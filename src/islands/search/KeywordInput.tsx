// Keyword chips: added on Enter, on blur or by picking a suggestion (suggestions from 3 characters, after 500 ms).
import { useId, useState } from 'react';
import { SEARCH_MAX_CHARS } from '../../lib/search/text';
import { getTags } from './search-api';
import { useDebouncedSearch } from './use-debounced-search';
import FieldError from './FieldError';

interface Props {
  keywords: string[];
  onChange: (keywords: string[]) => void;
  /** What is wrong with the keywords, in words. */
  error?: string;
}

export default function KeywordInput({ keywords, onChange, error }: Props) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const suggestions = useDebouncedSearch(text, getTags, 'tags');

  const add = (value: string) => {
    const keyword = value.trim();
    setText('');
    setOpen(false);
    if (keyword && !keywords.some((k) => k.toLowerCase() === keyword.toLowerCase())) onChange([...keywords, keyword]);
  };
  const remove = (keyword: string) => onChange(keywords.filter((k) => k !== keyword));
  const shown = open && suggestions.status === 'done' ? suggestions.rows : [];

  return (
    <div className="keyword-input">
      <label htmlFor={`${listId}-input`}>Keywords</label>
      <ul className="chips" aria-label="Keywords">
        {keywords.map((keyword) => (
          <li key={keyword} className="chip">
            <input type="hidden" name="form_str" value={keyword} />
            <span>{keyword}</span>
            <button type="button" aria-label={`Remove ${keyword}`} onClick={() => remove(keyword)}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={`${listId}-input`}
        name="form_str"
        type="search"
        autoComplete="off"
        maxLength={SEARCH_MAX_CHARS}
        placeholder="Type a keyword and press Enter"
        role="combobox"
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${listId}-error` : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            // Enter adds the chip; the Search button searches.
            event.preventDefault();
            add(text);
          } else if (event.key === 'Escape') setOpen(false);
        }}
        // A suggestion is picked on mousedown, before this blur would add the typed text instead.
        onBlur={() => add(text)}
      />
      <FieldError id={`${listId}-error`} message={error} />
      {shown.length > 0 && (
        <ul id={listId} role="listbox" className="suggestions" aria-label="Suggestions">
          {shown.map((tag) => (
            <li
              key={tag}
              role="option"
              aria-selected="false"
              onMouseDown={(event) => {
                event.preventDefault();
                add(tag);
              }}
            >
              {tag}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
