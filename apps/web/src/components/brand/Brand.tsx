// Rora's mark and name; a link home when `to` is given.
import { Link } from 'react-router';
import './brand.css';

function Mark() {
  return (
    <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#3461e0" />
      <path d="M10 23V9h7a5 5 0 0 1 1.2 9.85L22 23h-3.6l-3.4-4H13.2v4zm3.2-7h3.6a2 2 0 0 0 0-4h-3.6z" fill="#fff" />
    </svg>
  );
}

export function Brand({ to, label }: { readonly to?: string; readonly label: string }) {
  const content = (
    <>
      <Mark />
      <span className="brand__name">Rora</span>
    </>
  );
  return to ? (
    <Link to={to} className="brand" aria-label={label}>
      {content}
    </Link>
  ) : (
    <span className="brand">{content}</span>
  );
}
