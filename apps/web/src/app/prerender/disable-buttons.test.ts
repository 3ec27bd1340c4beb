import { describe, expect, it } from 'vitest';
import { disableButtons } from './disable-buttons.ts';

describe('disableButtons', () => {
  it('disables each button of the painted page, once', () => {
    const markup =
      '<form><button type="button" class="theme-switch">Dark</button>' +
      '<button type="submit" disabled class="btn">Log in</button><button>x</button></form>';
    expect(disableButtons(markup)).toBe(
      '<form><button disabled type="button" class="theme-switch">Dark</button>' +
        '<button type="submit" disabled class="btn">Log in</button><button disabled>x</button></form>',
    );
  });

  it('reads past quoted values that hold the word or a ">"', () => {
    const markup = '<button title="disabled for now" data-x="a>b">z</button>';
    expect(disableButtons(markup)).toBe('<button disabled title="disabled for now" data-x="a>b">z</button>');
  });

  it('leaves links, fields and words that only look like the attribute alone', () => {
    const markup =
      '<a href="/auth/register">Register</a><input name="email"><button title="not disabled-looking">y</button>';
    expect(disableButtons(markup)).toBe(
      '<a href="/auth/register">Register</a><input name="email"><button disabled title="not disabled-looking">y</button>',
    );
  });
});
