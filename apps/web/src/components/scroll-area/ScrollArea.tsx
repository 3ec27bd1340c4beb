// A region that scrolls sideways (a wide table on a phone) and says so: shadows on the edges that
// still hide columns, and a hint under it while anything is out of view. Focusable while it
// overflows, so a keyboard can scroll it too.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import './scroll-area.css';

export interface ScrollAreaProps {
  /** The region's name (the table's name, for instance). */
  readonly label: string;
  /** Shown under the region while some of it is out of view ("Swipe sideways ..."). */
  readonly hint: string;
  readonly children: ReactNode;
}

interface Edges {
  readonly before: boolean;
  readonly after: boolean;
}

function edgesOf(element: HTMLElement): Edges {
  const rest = element.scrollWidth - element.clientWidth;
  return { before: element.scrollLeft > 1, after: rest - element.scrollLeft > 1 };
}

export function ScrollArea({ label, hint, children }: ScrollAreaProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ before: false, after: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const update = () =>
      setEdges((last) => {
        const next = edgesOf(element);
        return next.before === last.before && next.after === last.after ? last : next;
      });
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', update);
    };
  }, []);
  const overflows = edges.before || edges.after;
  const classes = ['scroll-area', edges.before ? 'is-clipped-before' : '', edges.after ? 'is-clipped-after' : ''];
  return (
    <div className="scroll-area__frame">
      <div
        ref={ref}
        className={classes.join(' ').trim()}
        role="region"
        aria-label={label}
        tabIndex={overflows ? 0 : undefined}
      >
        {children}
      </div>
      {edges.after ? (
        <p className="scroll-area__hint" aria-hidden="true">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
