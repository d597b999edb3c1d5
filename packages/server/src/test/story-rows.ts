import { newId } from '../platform/db/values.js';
import type { NewStory } from '../features/stories/stories.repository.js';

/** A story row to insert straight into the table: an active image story with no button, `fields` on top. */
export const storyRow = (fields: Partial<NewStory>): NewStory => ({
  id: newId(),
  status: 1,
  ads_story: 0,
  ntv: 0,
  ntv_id: '',
  video: '',
  image: '/media/stories/x.png',
  thembnal: '',
  story_time: 10,
  btn_name: '',
  btn_url: '',
  view: 0,
  click_btn_count: 0,
  max_view_limit: 0,
  max_view_status: 0,
  max_click_limit: 0,
  max_click_status: 0,
  created_at: '2026-11-01T10:00:00.000Z',
  ...fields,
});
