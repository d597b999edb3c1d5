import { useId } from 'react';
import type { VideoCategory } from '@streamdesk/contract/video-categories';
import type { WebFilter } from '@streamdesk/contract/videos';
import { inputClass } from '@/ui/field';

export const webFilterLabels: Record<WebFilter, string> = {
  all: 'All',
  true: 'Web Enabled',
  false: 'Web Disabled',
};

interface LibraryFiltersProps {
  categories: readonly VideoCategory[];
  category: string;
  web: WebFilter;
  onCategory: (id: string) => void;
  onWeb: (web: WebFilter) => void;
}

export function LibraryFilters({ categories, category, web, onCategory, onWeb }: LibraryFiltersProps) {
  const categoryId = useId();
  const webId = useId();
  return (
    <div className="flex flex-wrap gap-4">
      <div className="w-full space-y-1.5 sm:w-56">
        <label htmlFor={categoryId} className="block text-sm font-medium text-slate-700">
          Category
        </label>
        <select
          id={categoryId}
          value={category}
          onChange={(e) => onCategory(e.target.value)}
          className={inputClass}
        >
          <option value="all">All</option>
          {categories.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="w-full space-y-1.5 sm:w-48">
        <label htmlFor={webId} className="block text-sm font-medium text-slate-700">
          Web Status
        </label>
        <select
          id={webId}
          value={web}
          onChange={(e) => onWeb(e.target.value as WebFilter)}
          className={inputClass}
        >
          {(Object.keys(webFilterLabels) as WebFilter[]).map((value) => (
            <option key={value} value={value}>
              {webFilterLabels[value]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
