import { expect, it } from 'vitest';
import { createTurns } from './turns.ts';

it("runs a key's tasks one after another, other keys alongside, and goes on after a failure", async () => {
  const inTurn = createTurns<string>();
  const events: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const first = inTurn('a', async () => {
    events.push('a1 start');
    await held;
    throw new Error('a1 failed');
  });
  const second = inTurn('a', async () => void events.push('a2'));
  const other = inTurn('b', async () => void events.push('b1'));
  await other;
  expect(events).toEqual(['a1 start', 'b1']);
  release();
  await expect(first).rejects.toThrow('a1 failed');
  await second;
  expect(events).toEqual(['a1 start', 'b1', 'a2']);
});
