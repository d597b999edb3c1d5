import { describe, expect, it } from 'vitest';
import { filterCategories } from './video-categories-page';

const category = (name: string) => ({
  _id: name,
  name,
  main_image: '',
  status: true,
  total_products: 0,
  createdAt: '',
  version: '0000000000000000',
});

describe('filterCategories', () => {
  it('matches names case-insensitively and ignores surrounding spaces', () => {
    const list = [category('Cricket'), category('Football'), category('cricket shorts')];
    expect(filterCategories(list, '  CRICK ').map((c) => c.name)).toEqual(['Cricket', 'cricket shorts']);
    expect(filterCategories(list, '')).toHaveLength(3);
    expect(filterCategories(list, 'tennis')).toEqual([]);
  });
});
