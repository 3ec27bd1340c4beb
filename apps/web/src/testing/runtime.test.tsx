// The component tests run on the production runtime (ADR 0051): React's names resolve to
// preact/compat, as in the build. If the alias were dropped, React would render and this fails.
import { cleanup, render, screen } from '@testing-library/react';
import { options, type VNode } from 'preact';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';

afterEach(cleanup);

function Greeting() {
  const [name] = useState('Ada');
  return <p>Hello {name}</p>;
}

it('renders components with preact, as the production build does', () => {
  const seen: string[] = [];
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    if (typeof vnode.type === 'function') seen.push(vnode.type.name);
    previous?.(vnode);
  };
  try {
    render(<Greeting />);
  } finally {
    options.vnode = previous;
  }
  expect(screen.getByText('Hello Ada')).toBeTruthy();
  expect(seen).toContain('Greeting');
});
