// Says plainly what the chosen platform means for this order: a market order goes to that platform;
// a limit order stays on Rora's book and only pays that platform's fees; the dark pool is Rora's.
import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';
import { VENUES } from '@rora/contracts';
import type { OrderTab } from '../model/order-form.ts';
import { venueNote } from '../model/venue.ts';

export function VenueNote({ tab, venue }: { readonly tab: OrderTab; readonly venue: string }) {
  const { t } = useTranslation('exchange');
  const key = venueNote(tab, venue);
  if (key === null) return null;
  const name = VENUES.find((item) => item.id === venue)?.name ?? venue;
  return (
    <p className="venue-note" role="note">
      <Info size={16} aria-hidden="true" />
      <span>{t(key, { venue: name })}</span>
    </p>
  );
}
