// A dialog gives focus back to what opened it however it goes away: closed, or no longer rendered
// by its parent while open (the send and order confirmations are rendered only while confirming).
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fillJsdomGaps } from '../../testing/jsdom-gaps.ts';
import { Dialog } from './Dialog.tsx';

/** A button that opens a confirmation rendered only while open, as SendPanel does. */
function Confirming() {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setConfirming(true)}>
        Review send
      </button>
      {confirming ? (
        <Dialog open onOpenChange={setConfirming} title="Confirm send" closeLabel="Close">
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </Dialog>
      ) : null}
    </>
  );
}

beforeAll(fillJsdomGaps);
afterEach(cleanup);

describe('Dialog', () => {
  it.each(['Close', 'Cancel'])('returns focus to the opener when %s unmounts it while open', async (name) => {
    render(<Confirming />);
    const opener = screen.getByRole('button', { name: 'Review send' });
    await userEvent.click(opener);
    const close = screen.getByRole('button', { name });
    close.focus();
    await userEvent.click(close);
    expect(screen.queryByText('Confirm send')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.documentElement.classList.contains('has-modal')).toBe(false);
  });
});
