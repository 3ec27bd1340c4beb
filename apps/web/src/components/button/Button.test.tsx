// A button whose request is refused keeps the keyboard where it was: disabled while loading, it loses
// focus, and takes it back when the load it started ends.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './Button.tsx';
import { eventually } from '../../testing/eventually.ts';

/** A button that loads when pressed; `finish` ends the load (a refusal). */
function Refused() {
  const [loading, setLoading] = useState(false);
  return (
    <>
      <Button loading={loading} onClick={() => setLoading(true)}>
        Send now
      </Button>
      <button type="button" onClick={() => setLoading(false)}>
        finish
      </button>
    </>
  );
}

afterEach(cleanup);

describe('Button', () => {
  it('takes focus back after a load it started, when focus was lost meanwhile', async () => {
    render(<Refused />);
    const send = screen.getByRole('button', { name: 'Send now' });
    await userEvent.click(send);
    expect(send).toHaveProperty('disabled', true);
    // A browser moves focus off a button that becomes disabled, to <body>; jsdom does not, so
    // focus goes to an element that then leaves the page.
    const elsewhere = document.body.appendChild(document.createElement('input'));
    elsewhere.focus();
    elsewhere.remove();
    expect(document.activeElement).toBe(document.body);
    screen.getByRole('button', { name: 'finish' }).click();
    await eventually(() => expect(document.activeElement).toBe(send));
  });

  it('leaves focus where the customer put it meanwhile', async () => {
    render(
      <>
        <Refused />
        <input aria-label="PIN" />
      </>,
    );
    const send = screen.getByRole('button', { name: 'Send now' });
    await userEvent.click(send);
    const pin = screen.getByLabelText('PIN');
    pin.focus();
    screen.getByRole('button', { name: 'finish' }).click();
    await eventually(() => expect(send).toHaveProperty('disabled', false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(pin);
  });

  it('gives focus to the first field of its form when it stays disabled after the load', async () => {
    function StaysDisabled() {
      const [state, setState] = useState<'idle' | 'loading' | 'refused'>('idle');
      return (
        <form>
          <input aria-label="PIN" />
          <Button
            type="submit"
            loading={state === 'loading'}
            disabled={state === 'refused'}
            onClick={(event) => {
              event.preventDefault();
              setState('loading');
            }}
          >
            Check PIN
          </Button>
          <button type="button" onClick={() => setState('refused')}>
            finish
          </button>
        </form>
      );
    }
    render(<StaysDisabled />);
    await userEvent.click(screen.getByRole('button', { name: 'Check PIN' }));
    const elsewhere = document.body.appendChild(document.createElement('input'));
    elsewhere.focus();
    elsewhere.remove();
    screen.getByRole('button', { name: 'finish' }).click();
    await eventually(() => expect(document.activeElement).toBe(screen.getByLabelText('PIN')));
  });
});
