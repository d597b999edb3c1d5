import type { Feature } from '@streamdesk/contract/roles';

/** An item's fields as its activity entries name them. */
export type ItemFields = Record<string, unknown>;

/**
 * How a feature writes an entry's before values back (0031): its service's own lock, rules and cache
 * invalidation. `revert` reads the item under its lock, hands it to `check` (which refuses, 409, when
 * the item changed since the entry), then writes `values`.
 */
export interface Reverter {
  /** Whether this reverter's records include `itemId` (a feature may keep several kinds). */
  owns(itemId: string): Promise<boolean>;
  /**
   * The fields it can write back: an entry that changed any other (a file, a count) is not reverted.
   * Undefined: any (a map of names the person chooses).
   */
  fields: readonly string[] | undefined;
  revert(itemId: string, values: ItemFields, check: (current: ItemFields) => void): Promise<void>;
}

/** The features' reverters, added by each feature at registration (like the launch registry). */
export class Reverts {
  private readonly byFeature = new Map<Feature, Reverter[]>();

  add(feature: Feature, reverter: Reverter): void {
    this.byFeature.set(feature, [...(this.byFeature.get(feature) ?? []), reverter]);
  }

  of(feature: string): readonly Reverter[] {
    return this.byFeature.get(feature as Feature) ?? [];
  }
}

/** A reverter of one fixed record (the controller's settings, the policy). */
export const fixedItem = (id: string) => (itemId: string) => Promise.resolve(itemId === id);
