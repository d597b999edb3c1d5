import { mockApi, renderApp } from '@/test/render-app';
import { signedInApi } from '@/test/signed-in-screen';

/** Renders the whole signed-in app at `path`, answering the shell's calls plus `api`. */
export function openScreen(path: string, api: Parameters<typeof mockApi>[0]) {
  mockApi({ ...signedInApi, ...api });
  return renderApp(path);
}
