// What the chosen platform means for the order on each tab, so the form can say it plainly: a market
// order on an external platform executes there; a limit order always rests on Rora's own book and only
// pays the chosen platform's fees; the dark pool is Rora's alone, at Rora's fees.
import { DEFAULT_VENUE } from '@rora/contracts';
import type { OrderTab } from './order-form.ts';

export type VenueNoteKey = 'venueNoteMarket' | 'venueNoteLimit' | 'venueNoteDark';

/** The note's i18n key for a tab and a platform; null when nothing needs saying (Rora itself). */
export function venueNote(tab: OrderTab, venue: string): VenueNoteKey | null {
  if (venue === DEFAULT_VENUE.id) return null;
  if (tab === 'market') return 'venueNoteMarket';
  return tab === 'limit' ? 'venueNoteLimit' : 'venueNoteDark';
}
