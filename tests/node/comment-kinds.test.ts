// Comment kinds, times and reading order, as both panels show them.
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../src/app/api-types';
import { describePlace, formatTime, isRectComment, isTimeComment, sortComments } from '../../src/app/comments/comment-kinds';

const rect = (id: string, x: number, y: number): Comment => ({ id, annotation: '', lastModified: 1, x, y, width: 10, height: 5 });
const moment = (id: string, duration: number): Comment => ({ id, annotation: '', lastModified: 1, duration });

describe('comment kinds', () => {
  it.each([[0, '0:00'], [9.9, '0:09'], [75, '1:15'], [3725.5, '1:02:05'], [Infinity, '0:00'], [-3, '0:00']])(
    'formatTime(%d) is %s', (seconds, text) => expect(formatTime(seconds)).toBe(text));

  it('tells the kinds apart and words their place', () => {
    expect(isRectComment(rect('a', 1, 2))).toBe(true);
    expect(isTimeComment(rect('a', 1, 2))).toBe(false);
    expect(isTimeComment(moment('b', 0))).toBe(true);
    expect(describePlace(rect('a', 1.4, 2.6))).toBe('area 10×5 at 1, 3');
    expect(describePlace(moment('b', 62))).toBe('at 1:02');
  });

  it('sorts moments by time and areas top to bottom, then left to right', () => {
    expect(sortComments([moment('late', 30), moment('early', 2)]).map((c) => c.id)).toEqual(['early', 'late']);
    expect(sortComments([rect('low', 0, 50), rect('right', 40, 5), rect('left', 3, 5)]).map((c) => c.id)).toEqual(['left', 'right', 'low']);
  });
});
