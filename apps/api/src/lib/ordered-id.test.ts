// Version 7 UUIDs: well formed, in creation order across milliseconds, and unlike one another
// within one (74 random bits each).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orderedId } from './ordered-id.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('orderedId', () => {
  it('is a version 7 UUID that names the millisecond it was made in', () => {
    const at = Date.UTC(2026, 10, 29, 12, 0, 0, 123);
    const id = orderedId(at);
    expect(id).toMatch(V7);
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it('sorts in creation order across milliseconds, and never repeats', () => {
    const ids: string[] = [];
    for (let ms = 0; ms < 50; ms += 1) for (let k = 0; k < 40; k += 1) ids.push(orderedId(1_800_000_000_000 + ms));
    expect(new Set(ids).size).toBe(ids.length);
    const firstOfEach = ids.filter((_, index) => index % 40 === 0);
    expect([...firstOfEach].sort()).toEqual(firstOfEach);
    for (let index = 40; index < ids.length; index += 1) expect(ids[index]! > ids[index - 40]!).toBe(true);
  });

  it('draws new random bits past a block of ids', () => {
    const ids = Array.from({ length: 1_500 }, () => orderedId(1_800_000_000_000));
    expect(new Set(ids).size).toBe(1_500);
    expect(ids.every((id) => V7.test(id))).toBe(true);
  });
});
