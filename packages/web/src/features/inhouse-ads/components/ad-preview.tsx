import { FALLBACK_BUTTON_NAME } from '@streamdesk/contract/inhouse-ads';
import { Tabs } from 'radix-ui';
import { MediaView, type PreviewMedia } from './media-preview';
import { RemoteImage } from '@/ui/remote-image';

export interface AdPreviewProps {
  title: string;
  subTitle: string;
  description: string;
  btnName: string;
  icon: string;
  media: PreviewMedia;
}

const tab =
  'h-8 rounded-md px-3 text-sm font-medium text-slate-600 hover:text-slate-900 ' +
  'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

/** The edit page's preview: the whole ad, the icon alone, or the image or video alone. */
export function AdPreview(props: AdPreviewProps) {
  const mediaLabel = props.media.kind === 'video' ? 'Video' : 'Image';
  return (
    <Tabs.Root defaultValue="all" className="space-y-3">
      <Tabs.List aria-label="Preview" className="inline-flex rounded-lg bg-slate-200/70 p-1">
        <Tabs.Trigger value="all" className={tab}>
          All
        </Tabs.Trigger>
        <Tabs.Trigger value="icon" className={tab}>
          Icon
        </Tabs.Trigger>
        <Tabs.Trigger value="media" className={tab}>
          {mediaLabel}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="all">
        <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <MediaView media={props.media} />
          <div className="flex items-center gap-3 p-3">
            <RemoteImage
              src={props.icon}
              alt="Ad icon"
              className="size-11 rounded-lg object-cover ring-1 ring-slate-200"
            />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-slate-900" title={props.title}>
                {props.title}
              </p>
              <p className="truncate text-xs text-slate-500" title={props.subTitle}>
                {props.subTitle}
              </p>
            </div>
            <span className="rounded-md bg-brand-600 px-3 py-1.5 text-xs font-semibold text-white">
              {props.btnName || FALLBACK_BUTTON_NAME}
            </span>
          </div>
          {props.description && (
            <p className="px-3 pb-3 text-sm break-words text-slate-600">{props.description}</p>
          )}
        </div>
      </Tabs.Content>
      <Tabs.Content value="icon">
        <RemoteImage
          src={props.icon}
          alt="Ad icon"
          className="size-32 rounded-xl object-cover ring-1 ring-slate-200"
        />
      </Tabs.Content>
      <Tabs.Content value="media">
        <MediaView media={props.media} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
