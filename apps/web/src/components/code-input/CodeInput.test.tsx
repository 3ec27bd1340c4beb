// Issue 19 defect 4: a code pasted with a space ("123 456") keeps all six digits.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { CodeInput } from './CodeInput.tsx';

function CodeForm() {
  const [value, setValue] = useState('');
  return <CodeInput label="Code" value={value} onValueChange={setValue} length={6} />;
}

afterEach(cleanup);

it.each([
  ['123 456', '123456'],
  ['12-34-56', '123456'],
  [' 1 2 3 4 5 6 7', '123456'],
])('keeps the six digits of a pasted %j', async (pasted, kept) => {
  render(<CodeForm />);
  const field = screen.getByLabelText<HTMLInputElement>('Code');
  await userEvent.click(field);
  await userEvent.paste(pasted);
  expect(field.value).toBe(kept);
});
