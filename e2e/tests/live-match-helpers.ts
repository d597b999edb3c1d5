import type { Api } from '../fixtures.js';

/** Adds a live match titled `title` with the PNG `image` through the API: its id. */
export async function addLiveMatch(
  api: Api,
  image: string,
  title: string,
  url = 'https://stream.example.com/live',
) {
  const added = await api.upload('POST', '/api/App/liveMatch/admin', { title, url }, { image });
  return (added.data as { _id: string })._id;
}
