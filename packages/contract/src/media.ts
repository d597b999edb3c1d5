/** Upload limits and messages shared by every upload feature (doc 1 section 5, ARCHITECTURE.md). */
export const MB = 1024 * 1024;

export type MediaKind = 'png' | 'gif' | 'jpeg' | 'mp4';

export const mediaLimits = {
  image: 1 * MB,
  video: 30 * MB,
  libraryVideo: 200 * MB,
} as const;

export const mediaMessages = {
  image: 'Please select a valid image file. Allowed types: png, jpg, jpeg',
  imageSize: 'The image file size should not exceed 1 MB',
  video: 'Please select a valid video file. Allowed types: mp4',
  videoSize: 'The video file size should not exceed 30 MB',
  gifPng: 'Only GIF and PNG files are allowed. Please select an image with a valid format.',
  selectImage: 'Please select a valid image to upload.',
  unreadableVideo: 'The video could not be read. Please upload a playable MP4 file.',
} as const;
