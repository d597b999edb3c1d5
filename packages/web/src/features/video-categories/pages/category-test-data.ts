/** The category the categories screen's tests list (Cricket, four videos, active). */
export const cricket = {
  _id: 'c1',
  name: 'Cricket',
  main_image: '/media/video-categories/c1.png',
  status: true,
  total_products: 4,
  createdAt: '2026-11-21T05:00:00.000Z',
};
