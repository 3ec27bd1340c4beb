import { describe, expect, it } from 'vitest';
import { createSlots } from './slots.ts';

describe('slots', () => {
  it('bounds each key and the total, and a slot given back twice counts once', () => {
    const slots = createSlots({ perKey: 2, total: 3 });
    const a1 = slots.take('a');
    expect(slots.take('a')).not.toBeNull();
    expect(slots.take('a')).toBeNull();
    expect(slots.take('b')).not.toBeNull();
    expect(slots.take('c')).toBeNull();
    a1!();
    a1!();
    expect(slots.take('c')).not.toBeNull();
    expect(slots.take('d')).toBeNull();
  });

  it('has no total bound unless given one', () => {
    const slots = createSlots({ perKey: 1 });
    for (const key of ['a', 'b', 'c', 'd']) expect(slots.take(key)).not.toBeNull();
  });
});
