import { pageWindow } from '../../../src/components/pagination';

test('page numbers come in windows of 8', () => {
  expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  expect(pageWindow(8, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  expect(pageWindow(9, 20)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
  expect(pageWindow(20, 20)).toEqual([17, 18, 19, 20]);
  expect(pageWindow(1, 0)).toEqual([]);
});
