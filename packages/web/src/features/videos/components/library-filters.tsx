import { useId } from 'react';
import type { VideoCategory } from '@streamdesk/contract/video-categories';
import type { VideoSort, WebFilter } from '@streamdesk/contract/videos';
import { inputClass } from '@/ui/field';
import { SearchField } from '@/ui/search-field';

export const webFilterLabels: Record<WebFilter, string> = {
  all: 'All',
  true: 'Web Enabled',
  false: 'Web Disabled',
};

export const sortLabels: Record<VideoSort, string> = {
  '-date': 'Newest first',
  date: 'Oldest first',
  title: 'Title A-Z',
  '-title': 'Title Z-A',
  '-duration': 'Longest first',
  duration: 'Shortest first',
  '-views': 'Most viewed',
  views: 'Least viewed',
};

interface LibraryFiltersProps {
  categories: readonly VideoCategory[];
  category: string;
  web: WebFilter;
  q: string;
  sort: VideoSort;
  onCategory: (id: string) => void;
  onWeb: (web: WebFilter) => void;
  onSearch: (q: string) => void;
  onSort: (sort: VideoSort) => void;
}

export function LibraryFilters({
  categories,
  category,
  web,
  q,
  sort,
  onCategory,
  onWeb,
  onSearch,
  onSort,
}: LibraryFiltersProps) {
  const categoryOptions = [
    { value: 'all', label: 'All' },
    ...categories.map((c) => ({ value: c._id, label: c.name })),
  ];
  return (
    <div className="flex flex-wrap items-end gap-4">
      <SearchField q={q} onSearch={onSearch} placeholder="Title or file name" />
      <FilterSelect
        label="Category"
        className="sm:w-56"
        value={category}
        options={categoryOptions}
        onChange={onCategory}
      />
      <FilterSelect
        label="Web Status"
        className="sm:w-48"
        value={web}
        options={optionsOf(webFilterLabels)}
        onChange={onWeb}
      />
      <FilterSelect
        label="Sort by"
        className="sm:w-44"
        value={sort}
        options={optionsOf(sortLabels)}
        onChange={onSort}
      />
    </div>
  );
}

const optionsOf = <T extends string>(labels: Record<T, string>) =>
  (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));

function FilterSelect<T extends string>({
  label,
  className,
  value,
  options,
  onChange,
}: {
  label: string;
  className: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className={`w-full space-y-1.5 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)} className={inputClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
