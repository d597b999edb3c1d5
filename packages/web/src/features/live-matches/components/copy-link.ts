import { liveMatchLink, liveMatchMessages } from '@streamdesk/contract/live-matches';
import { toast } from 'sonner';
import { runtimeConfig } from '@/lib/runtime-config';
import { toastSuccess } from '@/ui/toast-success';

/**
 * Copies the public link of a match (PUBLIC_LIVE_HOST + /live_match/{id}) with the spec's toasts, and a
 * warning where PUBLIC_LIVE_HOST is not set (the link then names this server, which has no such page).
 */
export async function copyLiveMatchLink(id: string): Promise<boolean> {
  const link = liveMatchLink(runtimeConfig().publicLiveHost, id);
  // Undefined outside secure contexts (plain http on a LAN address) and in old browsers.
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clipboard?.writeText) {
    toast.error(liveMatchMessages.clipboardUnsupported);
    return false;
  }
  try {
    await clipboard.writeText(link);
    toastSuccess(liveMatchMessages.linkCopied);
    // Said for as long as other warnings (the success closes after 2 s): the link names this server.
    if (!runtimeConfig().liveHostSet) toast.warning(liveMatchMessages.linkHostUnset);
    return true;
  } catch {
    toast.error(liveMatchMessages.copyFailed);
    return false;
  }
}
