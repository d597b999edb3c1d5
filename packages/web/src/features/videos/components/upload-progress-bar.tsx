import { videoMessages } from '@streamdesk/contract/videos';

/** The batch's progress: a bar, its percentage, and what the server is doing. */
export function UploadProgressBar({ percent, busy }: { percent: number; busy: boolean }) {
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between text-sm">
        <span className="text-slate-600">{busy ? videoMessages.processing : 'Upload complete'}</span>
        <span className="font-medium tabular-nums text-slate-900">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
