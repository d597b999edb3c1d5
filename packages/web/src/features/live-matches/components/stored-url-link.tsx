import { isLiveMatchUrl } from '@streamdesk/contract/live-matches';

/**
 * A match's or a website ad's stored URL, opened in a new tab. One stored before URLs had to be http(s)
 * may hold any scheme: it is shown as text, never a link a click would run.
 */
export function StoredUrlLink({ url }: { url: string }) {
  if (!isLiveMatchUrl(url)) return <span>{url}</span>;
  return (
    <a href={url} target="_blank" rel="noreferrer" className="text-brand-700 hover:underline">
      {url}
    </a>
  );
}
