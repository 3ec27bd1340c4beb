// Tabs between the screens of one section (Finance: lending, staking; Account: settings, security,
// notifications, audit). They are links, so each screen keeps its own address.
import { NavLink } from 'react-router';
import './section-tabs.css';

export interface SectionTab {
  readonly to: string;
  readonly label: string;
  /** Active only on exactly this path (the section's default child). */
  readonly end?: boolean;
}

export function SectionTabs({ label, tabs }: { readonly label: string; readonly tabs: readonly SectionTab[] }) {
  return (
    <nav className="section-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.end} className="section-tabs__tab">
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
