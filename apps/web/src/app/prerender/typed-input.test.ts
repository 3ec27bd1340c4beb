// Text typed into the login painted from HTML, and the focus, survive the app's first render.
import { afterEach, describe, expect, it } from 'vitest';
import { carryTypedInput } from './typed-input.ts';

const form = (email: string) =>
  `<form><input autocomplete="email" value="${email}"><input autocomplete="current-password" type="password"></form>`;

afterEach(() => document.body.replaceChildren());

describe('carryTypedInput', () => {
  it('gives the typed text to the new fields through input events, and the focus back', () => {
    const root = document.createElement('div');
    document.body.append(root);
    root.innerHTML = form('');
    const painted = root.querySelector<HTMLInputElement>('input[autocomplete="email"]')!;
    painted.value = 'ada@example.com';
    painted.focus();
    const giveBack = carryTypedInput(root);

    root.innerHTML = form('');
    const events: string[] = [];
    const fresh = root.querySelector<HTMLInputElement>('input[autocomplete="email"]')!;
    fresh.addEventListener('input', () => events.push(fresh.value));
    giveBack();

    expect(fresh.value).toBe('ada@example.com');
    expect(events).toEqual(['ada@example.com']);
    expect(document.activeElement).toBe(fresh);
    expect(root.querySelector<HTMLInputElement>('input[type="password"]')!.value).toBe('');
  });

  it('does nothing when nothing was typed or focused', () => {
    const root = document.createElement('div');
    document.body.append(root);
    root.innerHTML = form('');
    const giveBack = carryTypedInput(root);
    root.innerHTML = form('');
    const fresh = root.querySelector<HTMLInputElement>('input')!;
    let fired = false;
    fresh.addEventListener('input', () => (fired = true));
    giveBack();
    expect(fired).toBe(false);
    expect(document.activeElement).not.toBe(fresh);
  });
});
