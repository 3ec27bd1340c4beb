// The platforms as the API shows them: with fees, logo and the customer's favourite flag for
// GET /market/venues, or just each one's price for the all-pairs topic.
import type { Venue, VenuePrice as VenuePriceView } from '@rora/contracts';
import { formatAmount } from '@rora/money';
import { formatPrice, type Market } from '../markets/index.ts';
import type { VenuePrice } from '../venues/index.ts';

const percent = (bps: number) => formatAmount(BigInt(bps), 2);
const LOGO_COLOURS = ['#2f6bff', '#f0b90b', '#5741d9', '#0052ff', '#23af91', '#7a7a7a', '#2b9b48'];

/** A monogram badge as an SVG data URI, so every platform has a logo with no file to ship. */
function venueLogo(name: string, index: number): string {
  const colour = LOGO_COLOURS[index % LOGO_COLOURS.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="${colour}"/><text x="16" y="21" font-family="sans-serif" font-size="14" font-weight="700" text-anchor="middle" fill="#fff">${name.slice(0, 1)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export function venuePriceView(market: Market, { venue, quote, available }: VenuePrice): VenuePriceView {
  return {
    id: venue.id,
    price: quote?.price ? formatPrice(market, quote.price) : null,
    bid: quote?.bid ? formatPrice(market, quote.bid) : null,
    ask: quote?.ask ? formatPrice(market, quote.ask) : null,
    available,
  };
}

export function venueViews(market: Market, prices: VenuePrice[], favourites: ReadonlySet<string>): Venue[] {
  return prices.map((price, index) => ({
    ...venuePriceView(market, price),
    name: price.venue.name,
    logo: venueLogo(price.venue.name, index),
    default: index === 0,
    takerFeeBps: price.venue.takerFeeBps,
    makerFeeBps: price.venue.makerFeeBps,
    takerFee: percent(price.venue.takerFeeBps),
    makerFee: percent(price.venue.makerFeeBps),
    favourite: favourites.has(price.venue.id),
  }));
}
