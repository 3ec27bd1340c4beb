// A placeholder shaped like the content it stands for, so nothing moves when data arrives.
import type { CSSProperties } from 'react';
import './skeleton.css';

export interface SkeletonProps {
  readonly width?: CSSProperties['width'];
  readonly height?: CSSProperties['height'];
  readonly radius?: CSSProperties['borderRadius'];
  readonly className?: string;
}

export function Skeleton({ width = '100%', height = '1rem', radius, className }: SkeletonProps) {
  return (
    <span
      className={['skeleton', className ?? ''].join(' ')}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}
