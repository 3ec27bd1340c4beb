import { describe, expect, it } from 'vitest';
import type { Notification } from '@rora/contracts';
import { groupByDay, insertNotification, markReadInList } from './group-by-day.ts';

function note(id: string, createdAt: Date, isRead = false): Notification {
  return { id, kind: 'test', message: `message ${id}`, createdAt: createdAt.toISOString(), isRead, data: {} };
}

// Local times, so the test means the same in every time zone.
const now = new Date(2025, 4, 20, 15, 0);
const at = (day: number, hour: number, minute = 0) => new Date(2025, 4, day, hour, minute);

describe('groupByDay', () => {
  it('is empty for no notifications', () => {
    expect(groupByDay([], now)).toEqual([]);
  });

  it('groups by local day, newest day and newest item first, today flagged', () => {
    const days = groupByDay(
      [
        note('a', at(18, 9)),
        note('b', at(20, 8)),
        note('c', at(20, 14, 30)),
        note('d', at(19, 23, 59)),
        note('e', at(18, 22)),
      ],
      now,
    );
    expect(days.map((d) => [d.day, d.isToday, d.items.map((i) => i.id)])).toEqual([
      ['2025-05-20', true, ['c', 'b']],
      ['2025-05-19', false, ['d']],
      ['2025-05-18', false, ['e', 'a']],
    ]);
  });

  it('splits at local midnight', () => {
    const days = groupByDay([note('late', at(19, 23, 59)), note('early', at(20, 0, 0))], now);
    expect(days.map((d) => d.items.map((i) => i.id))).toEqual([['early'], ['late']]);
  });

  it('gives each day a date inside that day for its label', () => {
    const [day] = groupByDay([note('a', at(18, 0, 5))], now);
    expect(day?.date.getDate()).toBe(18);
    expect(day?.isToday).toBe(false);
  });
});

describe('insertNotification', () => {
  const list = { items: [note('a', at(19, 9))], unreadCount: 1, total: 1, page: 1, limit: 20 };

  it('puts a pushed notification first and counts it unread', () => {
    const next = insertNotification(list, note('b', at(20, 9)));
    expect(next.items.map((i) => i.id)).toEqual(['b', 'a']);
    expect(next.unreadCount).toBe(2);
    expect(next.total).toBe(2);
    expect(next.page).toBe(1);
  });

  it('ignores a notification it already has (a replayed event)', () => {
    expect(insertNotification(list, note('a', at(19, 9)))).toBe(list);
  });
});

describe('markReadInList', () => {
  const list = { items: [note('a', at(20, 9)), note('b', at(20, 8)), note('c', at(19, 8), true)], unreadCount: 5 };

  it('marks one read and lowers the count by one', () => {
    const next = markReadInList(list, 'a');
    expect(next.items.map((i) => i.isRead)).toEqual([true, false, true]);
    expect(next.unreadCount).toBe(4);
  });

  it('does not lower the count for one already read', () => {
    expect(markReadInList(list, 'c').unreadCount).toBe(5);
  });

  it('marks all read with id null', () => {
    const next = markReadInList(list, null);
    expect(next.items.every((i) => i.isRead)).toBe(true);
    expect(next.unreadCount).toBe(0);
  });

  it('takes the server count when it has one', () => {
    expect(markReadInList(list, 'a', 7).unreadCount).toBe(7);
  });
});
