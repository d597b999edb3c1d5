/** Autoplay when more than 70% of a video shows; it counts as the current one from half (doc 2 s. 9). */
export const PLAY_THRESHOLD = 0.7;
export const CURRENT_THRESHOLD = 0.5;
/**
 * The observer's ratios: an entry is reported when the visible share crosses one of them. The step just
 * above 70% matters because a crossing can report exactly 0.7, which does not play; without it the next
 * report would come only at 100%.
 */
export const OBSERVED_RATIOS = [0, CURRENT_THRESHOLD, PLAY_THRESHOLD, PLAY_THRESHOLD + 0.01, 1];

/** Whether a video this much in view plays: strictly more than 70%. */
export const playsAt = (ratio: number): boolean => ratio > PLAY_THRESHOLD;
