import { describe, expect, it } from 'vitest';
import { BoundedMemo } from '../../lib/memo.js';

describe('BoundedMemo', () => {
  it('computes once per key, and when full drops the least recently used answer', () => {
    const memo = new BoundedMemo<string>(2);
    let computed = 0;
    const get = (key: string) => memo.get(key, () => `${key}#${(computed += 1)}`);
    expect(get('a')).toBe('a#1');
    expect(get('b')).toBe('b#2');
    expect(get('a')).toBe('a#1'); // a hit: 'a' is now the most recently used
    expect(get('c')).toBe('c#3'); // full: 'b' goes
    expect(get('a')).toBe('a#1');
    expect(get('b')).toBe('b#4');
    expect(computed).toBe(4);
  });

  it('does not keep an answer asked not to', () => {
    const memo = new BoundedMemo<number>(5);
    let computed = 0;
    expect(memo.get('x', () => (computed += 1), false)).toBe(1);
    expect(memo.get('x', () => (computed += 1), false)).toBe(2);
  });
});
